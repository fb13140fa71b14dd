package dev.intentguard.agent.http.apache5;

import dev.intentguard.api.bridge.HttpDispatch;
import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.net.URIAuthority;

/**
 * On {@code ConnectExec.execute(request, scope, chain)}, once per attempt: it leases and connects the
 * endpoint, then runs the rest of the chain. When it throws and the attempt's request never reached
 * {@code HttpRequestExecutor} (no tag from {@link WireAttemptAdvice}), nothing was written: connection
 * refused, unknown host, connect or lease timeout, a request interceptor that refused it: {@code NOT_SENT}.
 */
final class ConnectFailureAdvice {
    private ConnectFailureAdvice() {
    }

    @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
    static void exit(@Advice.Argument(0) ClassicHttpRequest request, @Advice.Thrown Throwable thrown) {
        if (thrown == null || request == null) {
            return;
        }
        ToolFrame scope = IntentScope.current();
        if (scope == null || IntentScope.carried(request) != null) {
            return;                          // it reached the connection: the wire advice has recorded it
        }
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
        HttpDispatch.attempt(scope, "httpclient5", request.getMethod(), authority.getHostName(), port, path,
                HttpDispatch.NOT_SENT, 0, thrown.getClass().getSimpleName());
    }
}
