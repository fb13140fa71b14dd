package dev.intentguard.agent.http.okhttp;

import dev.intentguard.api.bridge.HttpDispatch;
import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;
import okhttp3.HttpUrl;
import okhttp3.Request;
import okhttp3.internal.http.RetryAndFollowUpInterceptor;

import java.io.IOException;
import java.util.List;

/**
 * On {@code RealInterceptorChain.proceed(Request)}, for the one call of each chain that hands the request
 * to {@code RetryAndFollowUpInterceptor}: the exchange begins there, after the application interceptors, and ends
 * when that call returns or throws (an application interceptor that proceeds twice sends the request twice: two
 * exchanges). A send that repeats a write whose outcome is unknown is refused there with an {@code IOException}
 * ({@code HttpDispatch.sending}). A keyed request gets the key (a key the application interceptors or the SDK set
 * is replaced) before the interceptor that loops over attempts: it resends that same request object on a retry,
 * and builds 408/503 and redirect follow-ups from it ({@code userResponse.request.newBuilder()}), so every attempt
 * and every redirect carries the same key.
 */
final class KeyHeaderAdvice {
    private KeyHeaderAdvice() {
    }

    @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
    static boolean enter(@Advice.Argument(value = 0, readOnly = false) Request request,
                         @Advice.FieldValue("interceptors") List<?> interceptors,
                         @Advice.FieldValue("index") int index,
                         @Advice.Local("intentguardScope") ToolFrame began) {
        ToolFrame scope = IntentScope.current();
        if (scope == null || request == null || index >= interceptors.size()
                || !(interceptors.get(index) instanceof RetryAndFollowUpInterceptor)) {
            return false;
        }
        HttpUrl url = request.url();
        if (!HttpDispatch.sending(scope, "okhttp", request.method(), url.host(), url.port(), url.encodedPath())) {
            return true;
        }
        began = scope;
        String[] header = HttpDispatch.keyHeader(scope, "okhttp", request.method(), url.host(), url.port(),
                url.encodedPath(), null);
        if (header == null) {
            return false;
        }
        String existing = request.header(header[0]);
        if (header[1].equals(existing)) {
            return false;
        }
        if (existing != null) {   // tell the core what it replaces (it logs that once per tool)
            HttpDispatch.keyHeader(scope, "okhttp", request.method(), url.host(), url.port(), url.encodedPath(), existing);
        }
        request = request.newBuilder().header(header[0], header[1]).build();
        return false;
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Enter boolean refused,
                     @Advice.Argument(0) Request request,
                     @Advice.Local("intentguardScope") ToolFrame began,
                     @Advice.Thrown(readOnly = false) Throwable thrown) {
        if (refused) {
            thrown = new IOException("intentguard: not sent again: an earlier attempt of this request may have taken "
                    + "effect and its outcome is unknown (client-retries: suppress)");
            return;
        }
        if (began != null) {
            HttpUrl url = request.url();
            HttpDispatch.ended(began, request.method(), url.host(), url.port(), url.encodedPath());
        }
    }
}
