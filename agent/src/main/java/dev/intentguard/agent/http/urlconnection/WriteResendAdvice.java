package dev.intentguard.agent.http.urlconnection;

import dev.intentguard.api.bridge.HttpDispatch;
import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URL;

/**
 * Woven into HUC's private {@code writeRequests()}. When writing the request fails ({@code ps.checkError()}), HUC
 * sets its {@code failedOnce}, opens a new connection and calls {@code writeRequests()} again: the nested call is
 * the resend, and {@code failedOnce} (never reset) tells it apart. Inside a side_effect scope with
 * {@code client-retries: suppress}, for a keyed request, the nested call does not write: it closes the new
 * connection and throws what HUC throws when it will not try again ("Error writing to server"). The failed write
 * may have reached the server in part or whole: no response. Outside a tool: one field read.
 */
final class WriteResendAdvice {
    private WriteResendAdvice() {
    }

    @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
    static boolean enter(@Advice.This HttpURLConnection connection, @Advice.FieldValue("failedOnce") boolean failedOnce) {
        if (!failedOnce) {
            return false;
        }
        ToolFrame scope = IntentScope.current();
        if (scope == null) {
            return false;
        }
        String method = connection.getRequestMethod();
        URL url = connection.getURL();
        int port = url.getPort() >= 0 ? url.getPort() : url.getDefaultPort();
        if (HttpDispatch.keyHeader(scope, UrlConnectionPlugin.CLIENT, method, url.getHost(), port, url.getPath(), null) == null) {
            return false;
        }
        HttpDispatch.attempt(scope, UrlConnectionPlugin.CLIENT, method, url.getHost(), port, url.getPath(),
                HttpDispatch.NO_RESPONSE, 0, "writing the request failed");
        if (!HttpDispatch.suppressResends(scope)) {
            return false;
        }
        HttpDispatch.attempt(scope, UrlConnectionPlugin.CLIENT, method, url.getHost(), port, url.getPath(),
                HttpDispatch.SUPPRESSED, 0, "HttpURLConnection.writeRequests resend after a failed write");
        return true;
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Enter boolean skipped, @Advice.This HttpURLConnection connection,
                     @Advice.Thrown(readOnly = false) Throwable thrown) {
        if (skipped) {
            thrown = new IOException("Error writing to server");
            connection.disconnect();                          // the connection opened for the resend stays unused
        }
    }
}
