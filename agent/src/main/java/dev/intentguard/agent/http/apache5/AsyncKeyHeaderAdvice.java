package dev.intentguard.agent.http.apache5;

import dev.intentguard.api.bridge.HttpDispatch;
import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;
import org.apache.hc.client5.http.async.AsyncExecCallback;
import org.apache.hc.client5.http.async.AsyncExecChain;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.net.URIAuthority;

import java.io.IOException;

/**
 * Async client: on {@code InternalAbstractHttpAsyncClient.executeImmediate(request, producer, scope, chain,
 * callback)}, called once per {@code execute} on the caller's thread with the client's own copy of the
 * caller's request: the exchange begins with the agent ({@code HttpDispatch.sending}: a send that repeats a write
 * whose outcome is unknown fails the callback with an {@code IOException}, and nothing runs), as a hand-off that
 * ends when the client's callback learns the outcome ({@link AsyncCallbackAdvice}). That copy gets the key
 * ({@code AsyncHttpRequestRetryExec} resends copies of it, redirects are built from it), and the execution's
 * {@code Scope} and the copy are tagged with the tool's scope: the rest of the exchange runs on I/O reactor and
 * scheduler threads, where no tool scope is current.
 */
final class AsyncKeyHeaderAdvice {
    private AsyncKeyHeaderAdvice() {
    }

    @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
    static boolean enter(@Advice.Argument(0) HttpRequest request, @Advice.Argument(2) AsyncExecChain.Scope execution,
                         @Advice.Argument(4) AsyncExecCallback callback) {
        ToolFrame scope = IntentScope.current();
        if (scope == null || request == null) {
            return false;
        }
        IntentScope.carry(execution, scope);
        IntentScope.carry(request, scope);
        URIAuthority authority = request.getAuthority();
        if (authority == null) {
            return false;
        }
        int port = authority.getPort() >= 0 ? authority.getPort() : "https".equalsIgnoreCase(request.getScheme()) ? 443 : 80;
        String path = request.getPath();
        int query = path == null ? -1 : path.indexOf('?');
        if (query >= 0) {
            path = path.substring(0, query);
        }
        if (!HttpDispatch.sending(scope, "httpclient5-async", request.getMethod(), authority.getHostName(), port, path)) {
            callback.failed(new IOException("intentguard: not sent again: an earlier attempt of this request may have "
                    + "taken effect and its outcome is unknown (client-retries: suppress)"));
            return true;
        }
        // The whole execution (attempts, retries, redirects on reactor threads) is one hand-off, which ends when the
        // client's own callback learns the outcome (AsyncCallbackAdvice); the request is not under way by itself.
        HttpDispatch.ended(scope, request.getMethod(), authority.getHostName(), port, path);
        if (callback != null && callback.getClass().getName().endsWith(".InternalAbstractHttpAsyncClient$2")
                && HttpDispatch.watched(scope, request.getMethod())) {
            IntentScope.carry(callback, scope);
            HttpDispatch.handedOff(scope);
        }
        String[] header = HttpDispatch.keyHeader(scope, "httpclient5-async", request.getMethod(), authority.getHostName(), port, path, null);
        if (header == null) {
            return false;
        }
        Header existing = request.getFirstHeader(header[0]);
        String existingValue = existing == null ? null : existing.getValue();
        if (existingValue != null && !existingValue.equals(header[1])) {   // the core logs the replacement once per tool
            HttpDispatch.keyHeader(scope, "httpclient5-async", request.getMethod(), authority.getHostName(), port, path, existingValue);
        }
        request.setHeader(header[0], header[1]);
        return false;
    }
}
