package dev.intentguard.agent.http.jdk;

import dev.intentguard.api.bridge.HttpDispatch;
import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;

import java.net.URI;
import java.net.http.HttpRequest;

/**
 * Woven into {@code Response(HttpRequestImpl, Exchange, HttpHeaders, HttpConnection, int status, Version,
 * boolean isConnectResponse)}, built once per response head received (HTTP/1.1 and HTTP/2): the wire evidence
 * "the server answered {@code status}" for the attempt, and the end of its exchange. A proxy's answer to CONNECT
 * and interim 1xx heads are not answers to the request.
 */
final class ResponseAdvice {
    private ResponseAdvice() {
    }

    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.Argument(0) Object request, @Advice.Argument(4) int status,
                     @Advice.Argument(6) boolean connectResponse) {
        if (connectResponse || status < 200) {
            return;
        }
        ToolFrame scope = IntentScope.carried(request);
        if (scope == null) {
            return;
        }
        HttpRequest r = (HttpRequest) request;
        URI uri = r.uri();
        int port = uri.getPort() >= 0 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
        HttpDispatch.attempt(scope, JdkHttpClientPlugin.CLIENT, r.method(), uri.getHost(), port, uri.getPath(),
                HttpDispatch.RESPONSE, status, null);
        // The exchange is answered; a redirect or an authentication round that follows begins again (FollowScopeAdvice).
        HttpDispatch.ended(scope, r.method(), uri.getHost(), port, uri.getPath());
    }
}
