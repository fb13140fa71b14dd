package dev.intentguard.agent.http.okhttp;

import net.bytebuddy.asm.Advice;
import okhttp3.internal.connection.RealCall;

/**
 * On {@code RealCall.AsyncCall.run()}, on a dispatcher thread: the interceptor chain runs in the scope the call was
 * enqueued in, so the other advice finds it with {@code IntentScope.current()} as for {@code execute()}. The scope is
 * left when the call ends (the thread goes back to the pool clean).
 */
final class AsyncCallScopeAdvice {
    private AsyncCallScopeAdvice() {
    }

    @Advice.OnMethodEnter(inline = false)
    static Object enter(@Advice.This RealCall.AsyncCall asyncCall) {
        return OkHttpCalls.running(asyncCall.getCall());
    }

    @Advice.OnMethodExit(inline = false, onThrowable = Throwable.class)
    static void exit(@Advice.Enter Object running) {
        OkHttpCalls.ran(running);
    }
}
