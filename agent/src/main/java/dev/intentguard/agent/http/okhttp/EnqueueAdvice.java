package dev.intentguard.agent.http.okhttp;

import dev.intentguard.api.bridge.IntentScope;
import net.bytebuddy.asm.Advice;

/**
 * On {@code RealCall.enqueue(Callback)}: the call will run on one of the dispatcher's threads, so it takes
 * the tool's scope along (before it is handed over: enter advice). Outside a tool this is one ThreadLocal read.
 */
final class EnqueueAdvice {
    private EnqueueAdvice() {
    }

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This Object call) {
        IntentScope.carry(call, IntentScope.current());
    }
}
