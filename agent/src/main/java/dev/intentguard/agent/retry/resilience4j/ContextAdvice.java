package dev.intentguard.agent.retry.resilience4j;

import dev.intentguard.api.ToolStatusException;
import dev.intentguard.bridge.FrameworkRetry;
import dev.intentguard.bridge.IntentScope;
import dev.intentguard.bridge.RetryDispatch;
import dev.intentguard.bridge.ToolFrame;
import io.github.resilience4j.retry.RetryConfig;
import io.github.resilience4j.retry.internal.RetryImpl;
import net.bytebuddy.asm.Advice;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * On {@code RetryImpl.ContextImpl}, the per-call state of a synchronous Resilience4j {@code Retry} (see
 * {@link Resilience4jPlugin}). Each piece first asks whether Resilience4j would try again at all (the
 * attempt count against {@code maxAttempts}, the configured exception or result predicate, through the public
 * {@code RetryConfig}), so that only a retry that would really happen is stopped and recorded.
 */
final class ContextAdvice {
    static final String LIBRARY = "resilience4j";

    private ContextAdvice() {
    }

    /**
     * {@code onError(Exception)} (checked suppliers, callables, {@code executeCheckedSupplier}) and
     * {@code onRuntimeError(RuntimeException)} (plain suppliers): when it returns normally, the decorator runs
     * the operation again; when it throws, the failure reaches the caller. A stopped retry skips the method
     * (no wait, no retry event) and throws the failure itself.
     */
    static final class OnFailure {
        private OnFailure() {
        }

        @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
        static boolean enter(@Advice.Argument(0) Exception failure,
                             @Advice.FieldValue("numOfAttempts") AtomicInteger attempts,
                             @Advice.FieldValue("this$0") RetryImpl<?> retry) {
            ToolFrame scope = IntentScope.current();
            RetryConfig config = retry.getRetryConfig();
            if (attempts.get() + 1 >= config.getMaxAttempts() || !config.getExceptionPredicate().test(failure)) {
                return false;    // Resilience4j would not try again anyway
            }
            if (scope == null) {
                FrameworkRetry.next(LIBRARY);   // a guarded tool in the decorated call is re-run by Resilience4j
                if (failure instanceof ToolStatusException) {
                    RetryDispatch.toolRetried(LIBRARY, failure);   // around a guarded tool: answered from the intent map
                }
                return false;
            }
            return RetryDispatch.stopFrameworkRetry(scope, LIBRARY, failure);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean stopped,
                         @Advice.Argument(0) Exception failure,
                         @Advice.Thrown(readOnly = false) Throwable thrown) {
            if (stopped) {
                thrown = failure;
            }
        }
    }

    /**
     * {@code onResult(T)}: {@code true} runs the operation again because the result matched
     * {@code retryOnResult}. A stopped retry skips the method and answers {@code false}: the decorator
     * returns that result.
     */
    static final class OnResult {
        private OnResult() {
        }

        @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
        @SuppressWarnings("unchecked")
        static boolean enter(@Advice.Argument(0) Object result,
                             @Advice.FieldValue("numOfAttempts") AtomicInteger attempts,
                             @Advice.FieldValue("this$0") RetryImpl<?> retry) {
            ToolFrame scope = IntentScope.current();
            RetryConfig config = retry.getRetryConfig();
            Predicate<Object> retryOnResult = config.getResultPredicate();
            if (retryOnResult == null || attempts.get() + 1 >= config.getMaxAttempts() || !retryOnResult.test(result)) {
                return false;
            }
            if (scope == null) {
                FrameworkRetry.next(LIBRARY);
                return false;
            }
            return RetryDispatch.stopFrameworkRetry(scope, LIBRARY, null);
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Enter boolean stopped, @Advice.Return(readOnly = false) boolean retryAgain) {
            if (stopped) {
                retryAgain = false;
            }
        }
    }

    /**
     * {@code AsyncContextImpl.onError(Throwable)}, the asynchronous retry's decision (a delay to try again after, or
     * {@code -1}): a retry it decided on, inside a tool whose wire leaves the outcome unknown, becomes {@code -1}, and the
     * stage completes with the failure. (Its attempt count and predicate have answered already: only a retry that would
     * be made is stopped and recorded.)
     */
    static final class OnAsyncError {
        private OnAsyncError() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Argument(0) Throwable failure, @Advice.Return(readOnly = false) long delay) {
            if (delay < 0) {
                return;
            }
            ToolFrame scope = IntentScope.current();
            if (scope != null && RetryDispatch.stopFrameworkRetry(scope, LIBRARY, failure)) {
                delay = -1;
            }
        }
    }

        /** The constructor: a decorated call begins its first attempt, so no guarded call on this thread is a retry yet. */
    static final class OnStart {
        private OnStart() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit() {
            FrameworkRetry.clear();
        }
    }
}
