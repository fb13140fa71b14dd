package dev.intentguard.agent.http.apache5;

import net.bytebuddy.asm.Advice;
import org.apache.hc.client5.http.async.AsyncExecCallback;
import org.apache.hc.client5.http.async.AsyncExecChain;
import org.apache.hc.core5.http.HttpRequest;

/**
 * Async client: on {@code InternalAbstractHttpAsyncClient.executeImmediate(request, producer, scope, chain, callback)},
 * called once per {@code execute} on the caller's thread with the client's own copy of the caller's request: the
 * exchange begins with the guard (a send that repeats a write whose outcome is unknown fails the callback with the
 * guard's {@code IOException}, and nothing runs), as a hand-off that ends when the client's callback learns the outcome
 * ({@link AsyncCallbackAdvice}); the copy gets the key, and the execution and the copy are tagged with the tool's scope
 * ({@link Apache5Requests#beginAsync}).
 */
final class AsyncKeyHeaderAdvice {
    private AsyncKeyHeaderAdvice() {
    }

    @Advice.OnMethodEnter(inline = false, skipOn = Advice.OnNonDefaultValue.class)
    static boolean enter(@Advice.Argument(0) HttpRequest request, @Advice.Argument(2) AsyncExecChain.Scope execution,
                         @Advice.Argument(4) AsyncExecCallback callback) {
        return Apache5Requests.beginAsync(request, execution, callback);
    }
}
