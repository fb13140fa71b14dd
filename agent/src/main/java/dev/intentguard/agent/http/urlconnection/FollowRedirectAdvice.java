package dev.intentguard.agent.http.urlconnection;

import net.bytebuddy.asm.Advice;

import java.net.HttpURLConnection;

/**
 * On HUC's private {@code followRedirect()}: {@code true} when it follows the response it just read to a new location
 * (the next {@code writeRequests} is the follow-up, its own exchange). A 307/308 is then answered by the follow-up,
 * not by itself.
 */
final class FollowRedirectAdvice {
    private FollowRedirectAdvice() {
    }

    @Advice.OnMethodEnter(inline = false)
    static Object enter(@Advice.This HttpURLConnection connection) {
        return UrlConnections.following(connection);
    }

    @Advice.OnMethodExit(inline = false)
    static void exit(@Advice.Enter Object from, @Advice.Return boolean followed) {
        UrlConnections.followed(from, followed);
    }
}
