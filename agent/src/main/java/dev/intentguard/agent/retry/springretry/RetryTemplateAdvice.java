package dev.intentguard.agent.retry.springretry;

import dev.intentguard.api.ToolStatusException;
import dev.intentguard.bridge.FrameworkRetry;
import dev.intentguard.bridge.IntentScope;
import dev.intentguard.bridge.RetryDispatch;
import dev.intentguard.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;
import org.springframework.retry.RetryContext;
import org.springframework.retry.RetryPolicy;

/** On Spring Retry's {@code org.springframework.retry.support.RetryTemplate} (see {@link SpringRetryPlugin}). */
final class RetryTemplateAdvice {
    static final String LIBRARY = "spring-retry";

    private RetryTemplateAdvice() {
    }

    /**
     * {@code canRetry(policy, context)}: asked before the first attempt and after each failure (twice: before
     * the back-off, then by the loop). After a failure inside a {@code side_effect} scope whose wire leaves the
     * outcome unknown, it answers {@code false} and marks the context {@code exhaustedOnly} (Spring Retry's own
     * "no more attempts" signal), so the loop ends and {@code handleRetryExhausted} runs: the recovery callback
     * ({@code @Recover}) if there is one, else the last failure is thrown.
     */
    static final class CanRetry {
        private CanRetry() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Argument(1) RetryContext context, @Advice.Return(readOnly = false) boolean canRetry) {
            if (!canRetry || context == null) {
                return;
            }
            ToolFrame scope = IntentScope.current();
            if (scope == null) {
                // Outside a tool: the template is about to run its callback, the first time or again.
                if (context.getRetryCount() == 0) {
                    FrameworkRetry.clear();
                } else {
                    FrameworkRetry.next(LIBRARY);
                }
                return;
            }
            Throwable failure = context.getLastThrowable();
            if (failure == null || context.isExhaustedOnly()) {
                return;    // before the first attempt, or already stopped
            }
            if (RetryDispatch.stopFrameworkRetry(scope, LIBRARY, failure)) {
                context.setExhaustedOnly();
                canRetry = false;
            }
        }
    }

    /**
     * {@code registerThrowable(policy, state, context, e)}, once per failed attempt: a guarded tool wrapped in
     * the template answered with a status exception, and the policy will try again (its {@code canRetry}, a
     * query); the retry is answered from the intent map (logged only).
     */
    static final class RegisterThrowable {
        private RegisterThrowable() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Argument(0) RetryPolicy policy,
                         @Advice.Argument(2) RetryContext context,
                         @Advice.Argument(3) Throwable failure) {
            if (failure instanceof ToolStatusException && IntentScope.current() == null
                    && !context.isExhaustedOnly() && policy.canRetry(context)) {
                RetryDispatch.toolRetried(LIBRARY, failure);
            }
        }
    }
}
