package dev.intentguard.agent.http.urlconnection;

import dev.intentguard.api.bridge.HttpDispatch;
import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;

import java.net.HttpURLConnection;
import java.net.URL;

/**
 * Woven into HUC's private {@code followRedirect()}: {@code true} when it follows the response it just read to a new
 * location (the next {@code writeRequests} is the follow-up, its own exchange). A 307/308 is then answered by the
 * follow-up, not by itself.
 */
final class FollowRedirectAdvice {
    private FollowRedirectAdvice() {
    }

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static String enter(@Advice.This HttpURLConnection connection) {
        if (IntentScope.current() == null) {
            return null;
        }
        URL url = connection.getURL();
        return HttpDispatch.endpoint(connection.getRequestMethod(), url.getHost(),
                url.getPort() >= 0 ? url.getPort() : url.getDefaultPort(), url.getPath());
    }

    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.Enter String from, @Advice.Return boolean followed) {
        ToolFrame scope = IntentScope.current();
        if (followed && from != null && scope != null) {
            HttpDispatch.followed(scope, from, null);
        }
    }
}
