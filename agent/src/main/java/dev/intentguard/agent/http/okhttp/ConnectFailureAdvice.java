package dev.intentguard.agent.http.okhttp;

import dev.intentguard.api.bridge.HttpDispatch;
import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;
import okhttp3.HttpUrl;
import okhttp3.Interceptor;
import okhttp3.Request;

import java.io.IOException;

/**
 * On {@code RealCall.initExchange(chain)} (called by {@code ConnectInterceptor}): it finds a pooled
 * connection or connects one; when it throws, no byte of this attempt was written: the wire proves
 * {@code NOT_SENT} (connect refused, unknown host, connect timeout, canceled before sending).
 * 4.x wraps connect failures in its {@code RouteException} (a RuntimeException); its cause is reported.
 */
final class ConnectFailureAdvice {
    private ConnectFailureAdvice() {
    }

    @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
    static void exit(@Advice.Argument(0) Interceptor.Chain chain, @Advice.Thrown Throwable thrown) {
        if (thrown == null) {
            return;
        }
        ToolFrame scope = IntentScope.current();
        if (scope == null) {
            return;
        }
        Throwable cause = !(thrown instanceof IOException) && thrown.getCause() instanceof IOException ? thrown.getCause() : thrown;
        Request request = chain.request();
        HttpUrl url = request.url();
        HttpDispatch.attempt(scope, "okhttp", request.method(), url.host(), url.port(), url.encodedPath(),
                HttpDispatch.NOT_SENT, 0, cause.getClass().getSimpleName());
    }
}
