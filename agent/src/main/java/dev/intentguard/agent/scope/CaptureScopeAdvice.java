package dev.intentguard.agent.scope;

import dev.intentguard.bridge.IntentScope;
import dev.intentguard.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;

/** Woven into task constructors: a task created inside a tool's scope is tagged with it. */
final class CaptureScopeAdvice {
    private CaptureScopeAdvice() {
    }

    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.This Object task) {
        ToolFrame scope = IntentScope.current();
        if (scope != null) {
            IntentScope.carry(task, scope);
        }
    }
}
