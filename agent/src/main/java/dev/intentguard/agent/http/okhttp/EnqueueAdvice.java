package dev.intentguard.agent.http.okhttp;

import dev.intentguard.api.bridge.HttpDispatch;
import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;
import okhttp3.Call;

/**
 * On {@code RealCall.enqueue(Callback)}: the call will run on one of the dispatcher's threads, so it takes
 * the tool's scope along (before it is handed over: enter advice). A write is handed off until its chain starts on
 * that thread ({@link AsyncCallScopeAdvice}): a tool that returns meanwhile left it under way. Outside a tool this is
 * one ThreadLocal read.
 */
final class EnqueueAdvice {
    private EnqueueAdvice() {
    }

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This Call call) {
        ToolFrame scope = IntentScope.current();
        if (scope == null) {
            return;
        }
        IntentScope.carry(call, scope);
        if (HttpDispatch.watched(scope, call.request().method())) {
            HttpDispatch.handedOff(scope);
        }
    }
}
