package dev.intentguard.agent.retry.failsafe;

import dev.failsafe.spi.ExecutionResult;
import dev.intentguard.bridge.IntentScope;
import dev.intentguard.bridge.RetryDispatch;
import dev.intentguard.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;

/**
 * On {@code RetryPolicyExecutor.onFailure(context, result)} (see {@link FailsafePlugin}): a result that would be tried
 * again, inside a tool whose wire leaves the outcome unknown, comes back complete and not successful.
 */
final class OnFailureAdvice {
    static final String LIBRARY = "failsafe";

    private OnFailureAdvice() {
    }

    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.Return(readOnly = false) ExecutionResult<?> result) {
        if (result == null || result.isComplete()) {
            return;
        }
        ToolFrame scope = IntentScope.current();
        if (scope != null && RetryDispatch.stopFrameworkRetry(scope, LIBRARY, result.getException())) {
            result = result.with(result.getDelay(), true, false);
        }
    }
}
