package dev.intentguard.agent.retry.springcore;

import dev.intentguard.bridge.IntentScope;
import dev.intentguard.bridge.RetryDispatch;
import dev.intentguard.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;

/**
 * On {@code DefaultRetryPolicy.shouldRetry(Throwable)} (see {@link SpringCoreRetryPlugin}): a policy that would retry,
 * inside a tool whose wire leaves the outcome unknown, answers {@code false}, Spring's own "no more retries".
 */
final class ShouldRetryAdvice {
    static final String LIBRARY = "spring-framework-retry";

    private ShouldRetryAdvice() {
    }

    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.Argument(0) Throwable failure, @Advice.Return(readOnly = false) boolean retry) {
        if (!retry) {
            return;
        }
        ToolFrame scope = IntentScope.current();
        if (scope != null && RetryDispatch.stopFrameworkRetry(scope, LIBRARY, failure)) {
            retry = false;
        }
    }
}
