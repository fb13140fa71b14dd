package dev.intentguard.agent.http.okhttp;

import dev.intentguard.api.bridge.HttpDispatch;
import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;
import okhttp3.HttpUrl;
import okhttp3.Request;
import okhttp3.internal.http.RetryAndFollowUpInterceptor;

import java.util.List;

/**
 * On {@code RealInterceptorChain.proceed(Request)}, for the one call of each chain that hands the request
 * to {@code RetryAndFollowUpInterceptor}: the request gets the key there, after the application
 * interceptors (a key they or the SDK set is replaced) and before the interceptor that loops over attempts.
 * It resends that same request object on a retry, and builds 408/503 and redirect follow-ups from it
 * ({@code userResponse.request.newBuilder()}), so every attempt and every redirect carries the same key.
 */
final class KeyHeaderAdvice {
    private KeyHeaderAdvice() {
    }

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.Argument(value = 0, readOnly = false) Request request,
                      @Advice.FieldValue("interceptors") List<?> interceptors,
                      @Advice.FieldValue("index") int index) {
        ToolFrame scope = IntentScope.current();
        if (scope == null || request == null || index >= interceptors.size()
                || !(interceptors.get(index) instanceof RetryAndFollowUpInterceptor)) {
            return;
        }
        HttpUrl url = request.url();
        String[] header = HttpDispatch.keyHeader(scope, "okhttp", request.method(), url.host(), url.port(),
                url.encodedPath(), null);
        if (header == null) {
            return;
        }
        String existing = request.header(header[0]);
        if (header[1].equals(existing)) {
            return;
        }
        if (existing != null) {   // tell the core what it replaces (it logs that once per tool)
            HttpDispatch.keyHeader(scope, "okhttp", request.method(), url.host(), url.port(), url.encodedPath(), existing);
        }
        request = request.newBuilder().header(header[0], header[1]).build();
    }
}
