package dev.intentguard.agent.http.urlconnection;

import dev.intentguard.api.bridge.HttpDispatch;
import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URL;

/**
 * Woven into HUC's private {@code writeRequests()}, which writes the request head (and a buffered body) on the
 * connection: one exchange per call, begun with the agent ({@code HttpDispatch.sending}: a send that repeats a write
 * whose outcome is unknown is refused here with an {@code IOException}, before anything is written). When writing
 * fails ({@code ps.checkError()}), HUC sets its {@code failedOnce}, opens a new connection and calls
 * {@code writeRequests()} again: that nested call is the client's resend, and {@code failedOnce} (never reset) tells
 * it apart. When the agent says the resend may not go ({@code HttpDispatch.mayResend}), the nested call does not
 * write: it closes the new connection and throws what HUC throws when it will not try again ("Error writing to
 * server"). The failed write may have reached the server in part or whole: no response. Outside a tool: one
 * ThreadLocal read.
 */
final class WriteRequestsAdvice {
    /** Written as usual. */
    static final int WRITE = 0;
    /** The client's resend, stopped. */
    static final int RESEND_STOPPED = 1;
    /** The application's (or a library's) send again of a write whose outcome is unknown, refused. */
    static final int REFUSED = 2;

    private WriteRequestsAdvice() {
    }

    @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
    static int enter(@Advice.This HttpURLConnection connection, @Advice.FieldValue("failedOnce") boolean failedOnce) {
        ToolFrame scope = IntentScope.current();
        if (scope == null) {
            return WRITE;
        }
        String method = connection.getRequestMethod();
        URL url = connection.getURL();
        int port = url.getPort() >= 0 ? url.getPort() : url.getDefaultPort();
        if (!failedOnce) {
            return HttpDispatch.sending(scope, UrlConnectionPlugin.CLIENT, method, url.getHost(), port, url.getPath())
                    ? WRITE : REFUSED;
        }
        if (!HttpDispatch.watched(scope, method)) {
            return WRITE;
        }
        HttpDispatch.attempt(scope, UrlConnectionPlugin.CLIENT, method, url.getHost(), port, url.getPath(),
                HttpDispatch.NO_RESPONSE, 0, "writing the request failed");
        return HttpDispatch.mayResend(scope, UrlConnectionPlugin.CLIENT, method, url.getHost(), port, url.getPath(),
                "HttpURLConnection.writeRequests resend after a failed write") ? WRITE : RESEND_STOPPED;
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Enter int state, @Advice.This HttpURLConnection connection,
                     @Advice.Thrown(readOnly = false) Throwable thrown) {
        if (state == WRITE) {
            return;
        }
        if (state == REFUSED) {
            thrown = new IOException("intentguard: not sent again: an earlier attempt of this request may have taken "
                    + "effect and its outcome is unknown (client-retries: suppress)");
            return;
        }
        thrown = new IOException("Error writing to server");
        connection.disconnect();                              // the connection opened for the resend stays unused
        URL url = connection.getURL();
        HttpDispatch.ended(IntentScope.current(), connection.getRequestMethod(), url.getHost(),
                url.getPort() >= 0 ? url.getPort() : url.getDefaultPort(), url.getPath());
    }
}
