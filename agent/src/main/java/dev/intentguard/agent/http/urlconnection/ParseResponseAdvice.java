package dev.intentguard.agent.http.urlconnection;

import dev.intentguard.api.bridge.HttpDispatch;
import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.SocketTimeoutException;
import java.net.URL;

/**
 * Woven into {@code sun.net.www.http.HttpClient#parseHTTP(MessageHeader responses, [ProgressSource,]
 * HttpURLConnection)}: one call per request written (plus a nested call when it resends). It records what the
 * attempt got (the response status, or no response: the end of the exchange) for every write of a guarded call,
 * and, inside a side_effect scope with {@code client-retries: suppress}, stops the resend of a request that carries
 * the key: {@code failedOnce} is
 * what the client itself sets after its one resend, so with it set the first failure is thrown as it is. The
 * field is put back afterwards, so a kept-alive connection keeps its normal behaviour for later requests.
 *
 * <p>{@code MessageHeader} is not an exported type: its request and status lines are read reflectively, from
 * here (inside {@code java.base}), and only inside a tool scope.
 */
final class ParseResponseAdvice {
    /** Not in a tool, or not a write: nothing to do at exit. */
    static final int IGNORED = 0;
    /** The outermost call for a write: record what it got. */
    static final int WATCHED = 1;
    /** As WATCHED, and the resend is stopped. */
    static final int SUPPRESSING = 2;
    /** The client's own resend: the outer call records the end. */
    static final int RESEND = 3;

    private ParseResponseAdvice() {
    }

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static int enter(@Advice.Argument(1) Object second,
                     @Advice.Argument(value = 2, optional = true) Object third,
                     @Advice.FieldValue("requests") Object requests,
                     @Advice.FieldValue(value = "failedOnce", readOnly = false) boolean failedOnce)
            throws ReflectiveOperationException {
        ToolFrame scope = IntentScope.current();
        if (scope == null || requests == null) {
            return IGNORED;
        }
        Object c = second instanceof HttpURLConnection ? second : third;
        if (!(c instanceof HttpURLConnection)) {
            return IGNORED;
        }
        String line = (String) requests.getClass().getMethod("getKey", int.class).invoke(requests, 0);
        int space = line == null ? -1 : line.indexOf(' ');
        if (space <= 0 || line.startsWith("CONNECT ")) {
            return IGNORED;                                   // a proxy tunnel being opened, not the request
        }
        String method = line.substring(0, space);
        URL url = ((HttpURLConnection) c).getURL();
        int port = url.getPort() >= 0 ? url.getPort() : url.getDefaultPort();
        if (!HttpDispatch.watched(scope, method)) {
            return IGNORED;
        }
        if (failedOnce) {
            // The client is writing the request again after the previous attempt failed (same-key mode).
            HttpDispatch.attempt(scope, UrlConnectionPlugin.CLIENT, method, url.getHost(), port, url.getPath(),
                    HttpDispatch.NO_RESPONSE, 0, "no response; HttpURLConnection sends it again");
            return RESEND;
        }
        if (HttpDispatch.keyed(scope, method, url.getHost(), port) && HttpDispatch.suppressResends(scope)) {
            failedOnce = true;
            return SUPPRESSING;
        }
        return WATCHED;
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Enter int state,
                     @Advice.Argument(0) Object responses,
                     @Advice.Argument(1) Object second,
                     @Advice.Argument(value = 2, optional = true) Object third,
                     @Advice.FieldValue("requests") Object requests,
                     @Advice.FieldValue(value = "failedOnce", readOnly = false) boolean failedOnce,
                     @Advice.FieldValue("streaming") boolean streaming,
                     @Advice.FieldValue("retryPostProp") boolean retryPost,
                     @Advice.Thrown Throwable thrown) throws ReflectiveOperationException {
        if (state != WATCHED && state != SUPPRESSING) {
            return;
        }
        if (state == SUPPRESSING) {
            failedOnce = false;
        }
        ToolFrame scope = IntentScope.current();
        HttpURLConnection c = (HttpURLConnection) (second instanceof HttpURLConnection ? second : third);
        String line = (String) requests.getClass().getMethod("getKey", int.class).invoke(requests, 0);
        String method = line.substring(0, line.indexOf(' '));
        URL url = c.getURL();
        int port = url.getPort() >= 0 ? url.getPort() : url.getDefaultPort();
        if (thrown == null) {
            String status = (String) responses.getClass().getMethod("getValue", int.class).invoke(responses, 0);
            int space = status == null || !status.startsWith("HTTP/") ? -1 : status.indexOf(' ');
            if (space > 0 && status.length() >= space + 4) {
                HttpDispatch.attempt(scope, UrlConnectionPlugin.CLIENT, method, url.getHost(), port, url.getPath(),
                        HttpDispatch.RESPONSE, Integer.parseInt(status.substring(space + 1, space + 4)), null);
            }
            HttpDispatch.ended(scope, method, url.getHost(), port, url.getPath());
            return;
        }
        HttpDispatch.attempt(scope, UrlConnectionPlugin.CLIENT, method, url.getHost(), port, url.getPath(),
                HttpDispatch.NO_RESPONSE, 0, thrown.getClass().getSimpleName());
        HttpDispatch.ended(scope, method, url.getHost(), port, url.getPath());
        // Would the client have sent it again? (parseHTTP's catch and parseHTTPHeader's end-of-stream branch)
        if (state == SUPPRESSING && thrown instanceof IOException && !(thrown instanceof SocketTimeoutException)
                && !streaming && (retryPost || !"POST".equals(method))) {
            HttpDispatch.attempt(scope, UrlConnectionPlugin.CLIENT, method, url.getHost(), port, url.getPath(),
                    HttpDispatch.SUPPRESSED, 0, "HttpClient.parseHTTP resend after " + thrown.getClass().getSimpleName());
        }
    }
}
