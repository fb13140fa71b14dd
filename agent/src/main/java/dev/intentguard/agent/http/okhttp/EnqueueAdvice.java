package dev.intentguard.agent.http.okhttp;

import net.bytebuddy.asm.Advice;
import okhttp3.Call;

/**
 * On {@code RealCall.enqueue(Callback)}: the call will run on one of the dispatcher's threads, so it takes the tool's
 * scope along (before it is handed over: enter advice). A write is handed off until its chain starts on that thread
 * ({@link AsyncCallScopeAdvice}): a tool that returns meanwhile left it under way. Outside a tool: one ThreadLocal read.
 */
final class EnqueueAdvice {
    private EnqueueAdvice() {
    }

    @Advice.OnMethodEnter(inline = false)
    static void enter(@Advice.This Call call) {
        OkHttpCalls.enqueued(call);
    }
}
