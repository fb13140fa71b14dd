package dev.intentguard.agent.http.urlconnection;

import dev.intentguard.api.bridge.HttpDispatch;
import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;

import java.net.HttpURLConnection;
import java.net.URL;

/**
 * Woven into HUC {@code connect()} and the HTTPS {@code connect()} (which getOutputStream and getInputStream call
 * too): they open the connection (proxy tunnel and TLS handshake included) and write nothing of the request, so a
 * failure there is wire evidence that nothing was sent.
 */
final class ConnectFailureAdvice {
    private ConnectFailureAdvice() {
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.This HttpURLConnection connection, @Advice.Thrown Throwable thrown) {
        if (thrown == null) {
            return;
        }
        ToolFrame scope = IntentScope.current();
        if (scope == null) {
            return;
        }
        URL url = connection.getURL();
        int port = url.getPort() >= 0 ? url.getPort() : url.getDefaultPort();
        HttpDispatch.attempt(scope, UrlConnectionPlugin.CLIENT, connection.getRequestMethod(), url.getHost(), port,
                url.getPath(), HttpDispatch.NOT_SENT, 0, thrown.getClass().getSimpleName());
    }
}
