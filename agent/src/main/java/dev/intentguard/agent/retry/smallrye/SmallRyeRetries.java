package dev.intentguard.agent.retry.smallrye;

import dev.intentguard.bridge.IntentScope;
import dev.intentguard.bridge.RetryDispatch;
import dev.intentguard.bridge.ToolFrame;
import io.smallrye.faulttolerance.core.Completer;
import io.smallrye.faulttolerance.core.util.ExceptionDecision;

/** The decision behind {@link RetryLoopAdvice}: the framework retry rules of {@code RetryDecisions}. */
final class SmallRyeRetries {
    static final String LIBRARY = "smallrye-fault-tolerance";

    private SmallRyeRetries() {
    }

    /**
     * Whether the attempt's failure ({@code args}' last) ends the loop here: a failure the retry applies to (the
     * strategy's {@code exceptionDecision} does not take it for expected), inside a {@code side_effect} tool whose wire
     * shows the outcome is unknown; its {@link Completer} is then completed with the failure.
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    static boolean stopped(Object exceptionDecision, Object[] args) {
        if (args.length < 2 || !(args[args.length - 1] instanceof Throwable)) {
            return false;                                // a result, not a failure: the loop decides as it does
        }
        if (exceptionDecision instanceof ExceptionDecision
                && ((ExceptionDecision) exceptionDecision).isConsideredExpected((Throwable) args[args.length - 1])) {
            return false;                                // abortOn, or not in retryOn: SmallRye ends the loop itself
        }
        ToolFrame scope = IntentScope.current();
        if (scope == null) {
            return false;
        }
        Completer completer = null;
        for (Object arg : args) {
            if (arg instanceof Completer) {
                completer = (Completer) arg;
            }
        }
        Throwable failure = (Throwable) args[args.length - 1];
        if (completer == null || !RetryDispatch.stopFrameworkRetry(scope, LIBRARY, failure)) {
            return false;
        }
        completer.completeWithError(failure);
        return true;
    }
}
