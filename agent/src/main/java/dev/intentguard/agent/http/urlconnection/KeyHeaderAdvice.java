package dev.intentguard.agent.http.urlconnection;

import net.bytebuddy.asm.Advice;

import java.net.HttpURLConnection;

/**
 * On HUC {@code connect()}, {@code getOutputStream()}, {@code getInputStream()} (and the HTTPS {@code connect()}):
 * every way a request gets under way (getResponseCode, getHeaderField... go through getInputStream). The first of them
 * inside a guarded tool sets the key as a request property, before the connection starts and properties are frozen.
 * Outside a tool: one ThreadLocal read.
 */
final class KeyHeaderAdvice {
    private KeyHeaderAdvice() {
    }

    @Advice.OnMethodEnter(inline = false)
    static void enter(@Advice.This HttpURLConnection connection, @Advice.FieldValue("connected") boolean connected,
                      @Advice.Origin("#m") String called) {
        UrlConnections.key(connection, connected, called);
    }
}
