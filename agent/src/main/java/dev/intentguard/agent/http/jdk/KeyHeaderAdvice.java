package dev.intentguard.agent.http.jdk;

import dev.intentguard.api.bridge.HttpDispatch;
import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.KeepAllHeaders;
import dev.intentguard.api.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;

import java.net.URI;
import java.net.http.HttpRequest;

/**
 * Woven into {@code HttpClientImpl#sendAsync(request, handler, pushHandler, executor)}: inside a guarded tool, a
 * write request is replaced by one that carries the key: the agent's {@code KeyedJdkRequest}, which delegates to the
 * caller's request and only adds the header (the builder copy, {@code HttpRequest.newBuilder(request, filter)}, is
 * the fallback). The caller's own request object is left as it was.
 * Outside a tool this is one ThreadLocal read.
 */
final class KeyHeaderAdvice {
    private KeyHeaderAdvice() {
    }

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.Argument(value = 0, readOnly = false) HttpRequest request) {
        ToolFrame scope = IntentScope.current();
        if (scope == null || request == null) {
            return;
        }
        URI uri = request.uri();
        int port = uri.getPort() >= 0 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
        String[] header = HttpDispatch.keyHeader(scope, JdkHttpClientPlugin.CLIENT, request.method(), uri.getHost(), port,
                uri.getPath(), null);
        if (header == null) {
            return;
        }
        String existing = request.headers().firstValue(header[0]).orElse(null);
        if (header[1].equals(existing)) {
            return;                                           // the same request object sent again: already keyed
        }
        if (existing != null) {                               // said once per tool: the caller's key is replaced
            HttpDispatch.keyHeader(scope, JdkHttpClientPlugin.CLIENT, request.method(), uri.getHost(), port,
                    uri.getPath(), existing);
        }
        Object keyed = HttpDispatch.keyedJdkRequest(request, header[0], header[1]);
        request = keyed instanceof HttpRequest ? (HttpRequest) keyed
                : HttpRequest.newBuilder(request, KeepAllHeaders.INSTANCE).setHeader(header[0], header[1]).build();
    }
}
