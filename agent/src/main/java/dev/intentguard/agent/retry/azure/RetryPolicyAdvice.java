package dev.intentguard.agent.retry.azure;

import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import dev.intentguard.bridge.IntentScope;
import dev.intentguard.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/** azure-core's {@code com.azure.core.http.policy.RetryPolicy} (see {@link AzureRetryPlugin}); {@link AzureCalls} adapts. */
final class RetryPolicyAdvice {
    private RetryPolicyAdvice() {
    }

    /** On {@code attemptSync}/{@code attemptAsync(context, next, originalRequest, tryCount, suppressed)}: an attempt. */
    static final class Attempt {
        private Attempt() {
        }

        @Advice.OnMethodEnter(inline = false)
        static void enter(@Advice.Argument(0) Object context, @Advice.Argument(2) HttpRequest request,
                          @Advice.Argument(3) int tryCount) {
            AzureCalls.attempt(context, request, tryCount);
        }
    }

    /** On the static {@code shouldRetry(strategy, response, tryCount[, suppressed])}: a retry after this response? */
    static final class OnResponse {
        private OnResponse() {
        }

        @Advice.OnMethodExit(inline = false)
        @Advice.AssignReturned.ToReturned(typing = Assigner.Typing.DYNAMIC)
        @Advice.AssignReturned.AsScalar                               // null (also a failed advice's): keep the answer
        static Object exit(@Advice.Argument(1) HttpResponse response, @Advice.Return boolean retry) {
            return AzureCalls.afterResponse(response, retry);
        }
    }

    /** On the static {@code shouldRetryException(strategy, throwable, tryCount[, suppressed])}: after this failure? */
    static final class OnFailure {
        private OnFailure() {
        }

        @Advice.OnMethodExit(inline = false)
        @Advice.AssignReturned.ToReturned(typing = Assigner.Typing.DYNAMIC)
        @Advice.AssignReturned.AsScalar                               // null (also a failed advice's): keep the answer
        static Object exit(@Advice.Argument(1) Throwable failure, @Advice.Return boolean retry) {
            return AzureCalls.afterFailure(failure, retry);
        }
    }

    /**
     * On the lambdas of {@code attemptAsync} that ask {@code shouldRetry}/{@code shouldRetryException} on the thread
     * that got the answer or the failure: the call's scope, carried by its {@code HttpPipelineCallContext}, is that
     * thread's while they run. Inlined (the bridge's scope is all it needs); the context's position among their
     * arguments differs between versions.
     */
    static final class InScope {
        private InScope() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object[] enter(@Advice.AllArguments Object[] args) {
            if (IntentScope.current() != null) {
                return null;
            }
            for (Object arg : args) {
                if (arg instanceof HttpPipelineCallContext) {
                    ToolFrame scope = IntentScope.carried(arg);
                    return scope == null ? null : new Object[] {IntentScope.enter(scope)};
                }
            }
            return null;
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object[] entered) {
            if (entered != null) {
                IntentScope.exit((ToolFrame) entered[0]);
            }
        }
    }
}
