package dev.intentguard.agent.http.urlconnection;

import net.bytebuddy.asm.Advice;

import java.net.HttpURLConnection;

/**
 * On HUC {@code connect()} and the HTTPS {@code connect()} (which getOutputStream and getInputStream call too): they
 * open the connection (proxy tunnel and TLS handshake included) and write nothing of the request, so a failure there is
 * wire evidence that nothing was sent.
 */
final class ConnectFailureAdvice {
    private ConnectFailureAdvice() {
    }

    @Advice.OnMethodExit(inline = false, onThrowable = Throwable.class)
    static void exit(@Advice.This HttpURLConnection connection, @Advice.Thrown Throwable thrown) {
        UrlConnections.connectFailed(connection, thrown);
    }
}
