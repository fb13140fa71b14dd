package dev.intentguard.agent.http.jdk;

import dev.intentguard.api.bridge.HttpDispatch;
import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;

import java.net.URI;
import java.net.http.HttpRequest;

/**
 * Woven into {@code HttpRequestImpl(URI, String, HttpRequestImpl other, boolean, ...)}, the copy the client makes
 * for a redirect or an authentication round on its own threads: it belongs to the same tool call as
 * {@code other}, and follows {@code other}'s last answer within the same exchange. (Its headers, the key included,
 * are copied from {@code other}.)
 */
final class FollowScopeAdvice {
    private FollowScopeAdvice() {
    }

    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.This Object copy, @Advice.Argument(2) Object other) {
        ToolFrame scope = IntentScope.carried(other);
        if (scope == null) {
            return;
        }
        IntentScope.carry(copy, scope);
        HttpRequest from = (HttpRequest) other;
        HttpRequest to = (HttpRequest) copy;
        URI a = from.uri();
        URI b = to.uri();
        String next = HttpDispatch.endpoint(to.method(), b.getHost(), b.getPort() >= 0 ? b.getPort()
                : "https".equalsIgnoreCase(b.getScheme()) ? 443 : 80, b.getPath());
        HttpDispatch.followed(scope, HttpDispatch.endpoint(from.method(), a.getHost(), a.getPort() >= 0 ? a.getPort()
                : "https".equalsIgnoreCase(a.getScheme()) ? 443 : 80, a.getPath()), next);
        HttpDispatch.continues(scope, next);                  // the copy is sent within the same exchange
    }
}
