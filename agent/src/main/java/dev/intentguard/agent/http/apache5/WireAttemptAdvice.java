package dev.intentguard.agent.http.apache5;

import dev.intentguard.api.bridge.HttpDispatch;
import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.net.URIAuthority;

/**
 * On httpcore's {@code HttpRequestExecutor.execute(request, connection, informationCallback, context)}:
 * the request is written on a connected connection and the response head read. A response is
 * {@code RESPONSE} with its status; an exception means sent (or maybe sent) without an answer:
 * {@code NO_RESPONSE}. On entry the request object is tagged as handed to the connection, so that
 * {@link ConnectFailureAdvice} can tell an attempt that never got this far.
 */
final class WireAttemptAdvice {
    private WireAttemptAdvice() {
    }

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.Argument(0) ClassicHttpRequest request) {
        IntentScope.carry(request, IntentScope.current());
    }

    @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
    static void exit(@Advice.Argument(0) ClassicHttpRequest request,
                     @Advice.Return ClassicHttpResponse response,
                     @Advice.Thrown Throwable thrown) {
        ToolFrame scope = IntentScope.current();
        if (scope == null || request == null) {
            return;
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
        if (thrown == null && response != null) {
            HttpDispatch.attempt(scope, "httpclient5", request.getMethod(), authority.getHostName(), port, path,
                    HttpDispatch.RESPONSE, response.getCode(), null);
        } else if (thrown != null) {
            HttpDispatch.attempt(scope, "httpclient5", request.getMethod(), authority.getHostName(), port, path,
                    HttpDispatch.NO_RESPONSE, 0, thrown.getClass().getSimpleName());
        }
    }
}
