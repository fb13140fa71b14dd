package dev.intentguard.agent.retry.smallrye;

import net.bytebuddy.asm.Advice;

/**
 * On the lambda of SmallRye's {@code Retry} that gets an attempt's outcome ({@code (..., Completer, ..., result,
 * failure)}), see {@link SmallRyeRetryPlugin}: a failure whose retry must not go completes the iteration with it, as a
 * failure the retry does not apply to does, and the lambda does not run.
 */
final class RetryLoopAdvice {
    private RetryLoopAdvice() {
    }

    @Advice.OnMethodEnter(inline = false, skipOn = Advice.OnNonDefaultValue.class)
    static boolean enter(@Advice.FieldValue("exceptionDecision") Object exceptionDecision,
                         @Advice.AllArguments Object[] args) {
        return SmallRyeRetries.stopped(exceptionDecision, args);
    }
}
