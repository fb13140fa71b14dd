package dev.intentguard.agent.http.urlconnection;

import dev.intentguard.api.bridge.HttpDispatch;
import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;

import java.net.HttpURLConnection;
import java.net.URL;

/**
 * Woven into HUC {@code connect()}, {@code getOutputStream()}, {@code getInputStream()} (and the HTTPS
 * {@code connect()}): every way a request gets under way (getResponseCode, getHeaderField... go through
 * getInputStream). The first of them inside a guarded tool sets the key with {@code setRequestProperty}, before
 * the connection starts and properties are frozen; the request headers (and any redirect or authentication round)
 * are built from the properties, so every attempt carries it. Outside a tool: one ThreadLocal read.
 */
final class KeyHeaderAdvice {
    private KeyHeaderAdvice() {
    }

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This HttpURLConnection connection,
                      @Advice.FieldValue("connected") boolean connected,
                      @Advice.Origin("#m") String called) {
        ToolFrame scope = IntentScope.current();
        if (scope == null || connected) {
            return;
        }
        String method = connection.getRequestMethod();
        if ("GET".equals(method) && "getOutputStream".equals(called)) {
            method = "POST";                                  // getOutputStream turns a GET into a POST
        }
        URL url = connection.getURL();
        int port = url.getPort() >= 0 ? url.getPort() : url.getDefaultPort();
        String[] header = HttpDispatch.keyHeader(scope, UrlConnectionPlugin.CLIENT, method, url.getHost(), port,
                url.getPath(), null);
        if (header == null) {
            return;
        }
        String existing = connection.getRequestProperty(header[0]);
        if (header[1].equals(existing)) {
            return;                                           // set by an outer call already
        }
        if (existing != null) {                               // said once per tool: the caller's key is replaced
            HttpDispatch.keyHeader(scope, UrlConnectionPlugin.CLIENT, method, url.getHost(), port, url.getPath(), existing);
        }
        connection.setRequestProperty(header[0], header[1]);
    }
}
