package dev.intentguard.agent.retry.awssdk;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;
import software.amazon.awssdk.http.SdkHttpFullRequest;
import software.amazon.awssdk.http.SdkHttpResponse;

/** Called advice on {@code RetryableStageHelper} (see {@link AwsSdkPlugin}); {@link AwsCalls} is the adapter. */
final class HelperAdvice {
    private HelperAdvice() {
    }

    /** The constructor: one API call's request, on the caller's thread. */
    static final class Created {
        private Created() {
        }

        @Advice.OnMethodExit(inline = false)
        static void exit(@Advice.This Object helper, @Advice.Argument(0) SdkHttpFullRequest request) {
            AwsCalls.created(helper, request);
        }
    }

    /** {@code startingAttempt()}. */
    static final class Attempt {
        private Attempt() {
        }

        @Advice.OnMethodExit(inline = false)
        static void exit(@Advice.This Object helper) {
            AwsCalls.attemptStarts(helper);
        }
    }

    /** {@code requestToSend()}: the attempt's request, before signing; a keyed write gets the key header. */
    static final class ToSend {
        private ToSend() {
        }

        @Advice.OnMethodExit(inline = false)
        @Advice.AssignReturned.ToReturned(typing = Assigner.Typing.DYNAMIC)
        @Advice.AssignReturned.AsScalar                               // null (also a failed advice's): keep the request
        static Object exit(@Advice.This Object helper, @Advice.Return SdkHttpFullRequest request) {
            return AwsCalls.toSend(helper, request);
        }
    }

    /** {@code setLastResponse(response)}: the attempt was answered. */
    static final class Answered {
        private Answered() {
        }

        @Advice.OnMethodEnter(inline = false)
        static void enter(@Advice.This Object helper, @Advice.Argument(0) SdkHttpResponse response) {
            AwsCalls.answered(helper, response);
        }
    }

    /** {@code setLastException(failure)}: the attempt failed (after an error response too). */
    static final class Failed {
        private Failed() {
        }

        @Advice.OnMethodEnter(inline = false)
        static void enter(@Advice.This Object helper, @Advice.Argument(0) Throwable failure) {
            AwsCalls.failed(helper, failure);
        }
    }

    /**
     * {@code tryRefreshToken(suggestedDelay)} and {@code tryRefreshTokenAsync}: the strategy's "retry?". A stopped
     * retry skips the method (no token taken from the strategy's bucket) and answers "give up" in its return type.
     */
    static final class Refresh {
        private Refresh() {
        }

        @Advice.OnMethodEnter(inline = false, skipOn = Advice.OnNonDefaultValue.class)
        static boolean enter(@Advice.This Object helper) {
            return AwsCalls.stopRetry(helper);
        }

        @Advice.OnMethodExit(inline = false)
        @Advice.AssignReturned.ToReturned(typing = Assigner.Typing.DYNAMIC)
        @Advice.AssignReturned.AsScalar                               // null (also a failed advice's): keep the answer
        static Object exit(@Advice.Enter boolean stopped, @Advice.Origin("#r") String returnType) {
            return stopped ? AwsCalls.giveUp(returnType) : null;
        }
    }
}
