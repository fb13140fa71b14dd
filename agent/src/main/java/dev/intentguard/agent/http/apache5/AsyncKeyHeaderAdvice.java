package dev.intentguard.agent.http.apache5;

import dev.intentguard.api.bridge.HttpDispatch;
import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;
import org.apache.hc.client5.http.async.AsyncExecChain;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.net.URIAuthority;

/**
 * Async client: on {@code InternalAbstractHttpAsyncClient.executeImmediate(request, producer, scope, chain,
 * callback)}, called once per {@code execute} on the caller's thread with the client's own copy of the
 * caller's request. That copy gets the key ({@code AsyncHttpRequestRetryExec} resends copies of it, redirects
 * are built from it), and the execution's {@code Scope} and the copy are tagged with the tool's scope: the
 * rest of the exchange runs on I/O reactor and scheduler threads, where no tool scope is current.
 */
final class AsyncKeyHeaderAdvice {
    private AsyncKeyHeaderAdvice() {
    }

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.Argument(0) HttpRequest request, @Advice.Argument(2) AsyncExecChain.Scope execution) {
        ToolFrame scope = IntentScope.current();
        if (scope == null || request == null) {
            return;
        }
        IntentScope.carry(execution, scope);
        IntentScope.carry(request, scope);
        URIAuthority authority = request.getAuthority();
        if (authority == null) {
            return;
        }
        int port = authority.getPort() >= 0 ? authority.getPort() : "https".equalsIgnoreCase(request.getScheme()) ? 443 : 80;
        String path = request.getPath();
        int query = path == null ? -1 : path.indexOf('?');
        if (query >= 0) {
            path = path.substring(0, query);
        }
        String[] header = HttpDispatch.keyHeader(scope, "httpclient5-async", request.getMethod(), authority.getHostName(), port, path, null);
        if (header == null) {
            return;
        }
        Header existing = request.getFirstHeader(header[0]);
        String existingValue = existing == null ? null : existing.getValue();
        if (existingValue != null && !existingValue.equals(header[1])) {   // the core logs the replacement once per tool
            HttpDispatch.keyHeader(scope, "httpclient5-async", request.getMethod(), authority.getHostName(), port, path, existingValue);
        }
        request.setHeader(header[0], header[1]);
    }
}
