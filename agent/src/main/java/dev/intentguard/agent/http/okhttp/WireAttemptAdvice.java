package dev.intentguard.agent.http.okhttp;

import dev.intentguard.api.bridge.HttpDispatch;
import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;
import okhttp3.HttpUrl;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.Response;

/**
 * On {@code CallServerInterceptor.intercept(chain)}, the last interceptor: it writes the request on a
 * connected exchange and reads the response head. A response is {@code RESPONSE} with its status; an
 * exception here means the request was (or may have been) written and no answer came: {@code NO_RESPONSE}
 * (read timeout, reset after the body, closed without an answer).
 */
final class WireAttemptAdvice {
    private WireAttemptAdvice() {
    }

    @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
    static void exit(@Advice.Argument(0) Interceptor.Chain chain,
                     @Advice.Return Response response,
                     @Advice.Thrown Throwable thrown) {
        ToolFrame scope = IntentScope.current();
        if (scope == null) {
            return;
        }
        Request request = chain.request();
        HttpUrl url = request.url();
        if (thrown == null && response != null) {
            HttpDispatch.attempt(scope, "okhttp", request.method(), url.host(), url.port(), url.encodedPath(),
                    HttpDispatch.RESPONSE, response.code(), null);
        } else if (thrown != null) {
            HttpDispatch.attempt(scope, "okhttp", request.method(), url.host(), url.port(), url.encodedPath(),
                    HttpDispatch.NO_RESPONSE, 0, thrown.getClass().getSimpleName());
        }
    }
}
