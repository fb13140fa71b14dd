package dev.intentguard.agent.scope;

import dev.intentguard.bridge.IntentScope;
import net.bytebuddy.asm.Advice;

import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.FutureTask;

/**
 * Woven into {@code ThreadPoolExecutor.execute(Runnable)} and the thread-per-task executor's
 * {@code start(Runnable)}: a bare Runnable handed over inside a tool's scope runs in it. Tasks that carry their
 * scope themselves ({@code FutureTask}, {@code ForkJoinTask}: see {@link CaptureScopeAdvice}) are left as they
 * are; {@code IntentScope.wrap} never wraps twice and is a ThreadLocal read outside a scope.
 */
final class WrapTaskAdvice {
    private WrapTaskAdvice() {
    }

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.Argument(value = 0, readOnly = false) Runnable task) {
        if (!(task instanceof FutureTask) && !(task instanceof ForkJoinTask)) {
            task = IntentScope.wrap(task);
        }
    }
}
