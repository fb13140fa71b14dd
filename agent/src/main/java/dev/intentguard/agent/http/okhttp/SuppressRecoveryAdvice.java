package dev.intentguard.agent.http.okhttp;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;
import okhttp3.Request;
import okhttp3.internal.http2.ConnectionShutdownException;

import java.io.IOException;

/**
 * On {@code RetryAndFollowUpInterceptor.recover(...)}: {@code true} makes OkHttp send the same request again after an
 * I/O failure ({@code retryOnConnectionFailure}, on by default: a pooled connection the server reset is silently
 * retried on a new one). Inside a side_effect scope with {@code client-retries: suppress}, for a keyed request that may
 * have been sent, the answer becomes {@code false}: OkHttp then throws the original exception.
 *
 * <p>Failures before sending stay recoverable (another route, another address: nothing is duplicated): 4.x passes
 * {@code requestSendStarted = false} for them; 5.x derives it inside from {@code ConnectionShutdownException} and only
 * retries connect failures inside its exchange finder, never here.
 */
final class SuppressRecoveryAdvice {
    private SuppressRecoveryAdvice() {
    }

    /** 4.x: {@code recover(IOException e, RealCall call, Request userRequest, boolean requestSendStarted)}. */
    static final class OkHttp4 {
        private OkHttp4() {
        }

        @Advice.OnMethodExit(inline = false)
        @Advice.AssignReturned.ToReturned(typing = Assigner.Typing.DYNAMIC)
        @Advice.AssignReturned.AsScalar                               // null (also a failed advice's): keep the answer
        static Boolean exit(@Advice.Argument(0) IOException e, @Advice.Argument(2) Request request,
                            @Advice.Argument(3) boolean requestSendStarted, @Advice.Return boolean recovered) {
            return !recovered || !requestSendStarted ? null : OkHttpCalls.mayRecover(e, request);
        }
    }

    /** 5.x: {@code recover(IOException e, RealCall call, Interceptor.Chain chain, Request userRequest)}. */
    static final class OkHttp5 {
        private OkHttp5() {
        }

        @Advice.OnMethodExit(inline = false)
        @Advice.AssignReturned.ToReturned(typing = Assigner.Typing.DYNAMIC)
        @Advice.AssignReturned.AsScalar                               // null (also a failed advice's): keep the answer
        static Boolean exit(@Advice.Argument(0) IOException e, @Advice.Argument(3) Request request,
                            @Advice.Return boolean recovered) {
            return !recovered || e instanceof ConnectionShutdownException ? null : OkHttpCalls.mayRecover(e, request);
        }
    }
}
