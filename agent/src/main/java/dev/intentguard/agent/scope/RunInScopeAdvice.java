package dev.intentguard.agent.scope;

import dev.intentguard.bridge.IntentScope;
import dev.intentguard.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;

/**
 * Woven into the methods that run a task: a task tagged with a scope runs in it, and the thread's own scope
 * (usually none) is restored afterwards, also when the task throws.
 */
final class RunInScopeAdvice {
    private RunInScopeAdvice() {
    }

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This Object task,
                      @Advice.Local("intentguardEntered") boolean entered,
                      @Advice.Local("intentguardPrevious") ToolFrame previous) {
        ToolFrame scope = IntentScope.carried(task);
        if (scope != null) {
            previous = IntentScope.enter(scope);
            entered = true;
        }
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Local("intentguardEntered") boolean entered,
                     @Advice.Local("intentguardPrevious") ToolFrame previous) {
        if (entered) {
            IntentScope.exit(previous);
        }
    }
}
