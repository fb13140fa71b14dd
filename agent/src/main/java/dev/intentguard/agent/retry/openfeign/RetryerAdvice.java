package dev.intentguard.agent.retry.openfeign;

import dev.intentguard.bridge.IntentScope;
import dev.intentguard.bridge.RetryDispatch;
import dev.intentguard.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;

/**
 * On {@code continueOrPropagate(RetryableException e)} of Feign's default Retryer (see {@link OpenFeignPlugin}): inside
 * a tool whose wire leaves the outcome unknown, the method does not run (no sleep, no next attempt) and throws
 * {@code e}, Feign's own "stop" (what the method does when its attempts are used up). The exception is typed
 * {@code Throwable} here because its constructors and accessors changed between Feign versions; none is used.
 */
final class RetryerAdvice {
    static final String LIBRARY = "openfeign";

    private RetryerAdvice() {
    }

    @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
    static boolean enter(@Advice.Argument(0) Throwable failure) {
        ToolFrame scope = IntentScope.current();
        return scope != null && failure != null && RetryDispatch.stopFrameworkRetry(scope, LIBRARY, failure);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Enter boolean stop, @Advice.Argument(0) Throwable failure,
                     @Advice.Thrown(readOnly = false) Throwable thrown) {
        if (stop) {
            thrown = failure;
        }
    }
}
