package dev.intentguard.agent.http.okhttp;

import dev.intentguard.api.bridge.HttpDispatch;
import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;
import okhttp3.internal.connection.RealCall;

/**
 * On {@code RealCall.AsyncCall.run()}, on a dispatcher thread: the interceptor chain runs in the scope the
 * call was enqueued in, so the other advice finds it with {@link IntentScope#current()} as for
 * {@code execute()}. The scope is left when the call ends (the thread goes back to the pool clean).
 */
final class AsyncCallScopeAdvice {
    private AsyncCallScopeAdvice() {
    }

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This RealCall.AsyncCall asyncCall,
                      @Advice.Local("intentguardEntered") boolean entered,
                      @Advice.Local("intentguardPrevious") ToolFrame previous) {
        ToolFrame scope = IntentScope.carried(asyncCall.getCall());
        if (scope != null) {
            previous = IntentScope.enter(scope);
            entered = true;
            if (HttpDispatch.watched(scope, asyncCall.getCall().request().method())) {
                HttpDispatch.handOffEnded(scope);      // its exchange begins now, on this thread, before any callback
            }
        }
    }

    @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
    static void exit(@Advice.Local("intentguardEntered") boolean entered,
                     @Advice.Local("intentguardPrevious") ToolFrame previous) {
        if (entered) {
            IntentScope.exit(previous);
        }
    }
}
