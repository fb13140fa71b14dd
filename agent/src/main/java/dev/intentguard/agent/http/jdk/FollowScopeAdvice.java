package dev.intentguard.agent.http.jdk;

import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;

/**
 * Woven into {@code HttpRequestImpl(URI, String, HttpRequestImpl other, boolean, ...)}, the copy the client makes
 * for a redirect or an authentication round on its own threads: it belongs to the same tool call as
 * {@code other}. (Its headers, the key included, are copied from {@code other}.)
 */
final class FollowScopeAdvice {
    private FollowScopeAdvice() {
    }

    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.This Object copy, @Advice.Argument(2) Object other) {
        ToolFrame scope = IntentScope.carried(other);
        if (scope != null) {
            IntentScope.carry(copy, scope);
        }
    }
}
