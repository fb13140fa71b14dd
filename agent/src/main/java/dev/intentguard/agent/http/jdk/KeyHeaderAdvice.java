package dev.intentguard.agent.http.jdk;

import dev.intentguard.api.bridge.HttpDispatch;
import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.KeepAllHeaders;
import dev.intentguard.api.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.util.concurrent.CompletableFuture;

/**
 * Woven into {@code HttpClientImpl#sendAsync(request, handler, pushHandler, executor)}, where {@code send} and both
 * {@code sendAsync} begin an exchange, on the caller's thread. Inside a guarded tool a write begins its exchange with
 * the agent ({@code HttpDispatch.sending}: a send that repeats a write whose outcome is unknown fails here, with the
 * {@code IOException} the client itself would fail it with), and a keyed write is replaced by one that carries the
 * key: the agent's {@code KeyedJdkRequest}, which delegates to the caller's request and only adds the header (the
 * builder copy, {@code HttpRequest.newBuilder(request, filter)}, is the fallback). The caller's own request object
 * is left as it was. Outside a tool this is one ThreadLocal read.
 */
final class KeyHeaderAdvice {
    private KeyHeaderAdvice() {
    }

    @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
    static boolean enter(@Advice.Argument(value = 0, readOnly = false) HttpRequest request) {
        ToolFrame scope = IntentScope.current();
        if (scope == null || request == null) {
            return false;
        }
        URI uri = request.uri();
        int port = uri.getPort() >= 0 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
        if (!HttpDispatch.sending(scope, JdkHttpClientPlugin.CLIENT, request.method(), uri.getHost(), port, uri.getPath())) {
            return true;
        }
        String[] header = HttpDispatch.keyHeader(scope, JdkHttpClientPlugin.CLIENT, request.method(), uri.getHost(), port,
                uri.getPath(), null);
        if (header == null) {
            return false;
        }
        String existing = request.headers().firstValue(header[0]).orElse(null);
        if (header[1].equals(existing)) {
            return false;                                     // the same request object sent again: already keyed
        }
        if (existing != null) {                               // said once per tool: the caller's key is replaced
            HttpDispatch.keyHeader(scope, JdkHttpClientPlugin.CLIENT, request.method(), uri.getHost(), port,
                    uri.getPath(), existing);
        }
        Object keyed = HttpDispatch.keyedJdkRequest(request, header[0], header[1]);
        request = keyed instanceof HttpRequest ? (HttpRequest) keyed
                : HttpRequest.newBuilder(request, KeepAllHeaders.INSTANCE).setHeader(header[0], header[1]).build();
        return false;
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Enter boolean refused,
                     @Advice.Argument(0) HttpRequest request,
                     @Advice.Return(readOnly = false, typing = Assigner.Typing.DYNAMIC) Object returned,
                     @Advice.Thrown Throwable thrown) {
        if (refused) {
            returned = CompletableFuture.failedFuture(new IOException("intentguard: not sent again: an earlier attempt "
                    + "of this request may have taken effect and its outcome is unknown (client-retries: suppress)"));
            return;
        }
        if (thrown != null && request != null) {              // the exchange never started
            ToolFrame scope = IntentScope.current();
            URI uri = request.uri();
            int port = uri.getPort() >= 0 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
            HttpDispatch.ended(scope, request.method(), uri.getHost(), port, uri.getPath());
        }
    }
}
