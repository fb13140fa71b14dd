package dev.intentguard.bench.app;

import dev.intentguard.api.bridge.HttpDispatch;
import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.KeepAllHeaders;
import dev.intentguard.api.bridge.ToolFrame;

import java.net.URI;
import java.net.http.HttpRequest;

/**
 * The steps of the agent's JDK {@code HttpClient} advice for one request ({@code http.jdk.KeyHeaderAdvice} on
 * {@code sendAsync}, {@code http.jdk.CarryScopeAdvice} on the client's copy of the request, {@code http.jdk.ResponseAdvice} when the
 * response arrives), through the same bridge calls, so
 * that their cost can be measured without a network round trip hiding it. Keep in step with those two classes.
 */
final class KeyInjectionSteps {
    private static final String CLIENT = "java.net.http";

    private KeyInjectionSteps() {
    }

    /** Returns 1 when the request was keyed. */
    static int onRequest(HttpRequest request) {
        ToolFrame scope = IntentScope.current();
        if (scope == null) {
            return 0;
        }
        URI uri = request.uri();
        int port = uri.getPort() >= 0 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
        String[] header = HttpDispatch.keyHeader(scope, CLIENT, request.method(), uri.getHost(), port, uri.getPath(), null);
        if (header == null) {
            return 0;
        }
        String existing = request.headers().firstValue(header[0]).orElse(null);
        HttpRequest keyed = request;
        if (!header[1].equals(existing)) {
            Object replacement = HttpDispatch.keyedJdkRequest(request, header[0], header[1]);
            keyed = replacement instanceof HttpRequest ? (HttpRequest) replacement
                    : HttpRequest.newBuilder(request, KeepAllHeaders.INSTANCE).setHeader(header[0], header[1]).build();
            keyed.headers();                                  // the client reads them once, into its own request
        }
        IntentScope.carry(keyed, scope);                      // CarryScopeAdvice: the client's internal copy is tagged
        ToolFrame carried = IntentScope.carried(keyed);        // ResponseAdvice finds the scope on the response's request
        HttpDispatch.attempt(carried, CLIENT, keyed.method(), uri.getHost(), port, uri.getPath(), HttpDispatch.RESPONSE, 200,
                null);
        return 1;
    }
}
