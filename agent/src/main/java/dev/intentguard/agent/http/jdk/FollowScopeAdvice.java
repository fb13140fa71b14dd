package dev.intentguard.agent.http.jdk;

import net.bytebuddy.asm.Advice;

/**
 * On {@code HttpRequestImpl(URI, String, HttpRequestImpl other, boolean, ...)}, the copy the client makes for a
 * redirect or an authentication round on its own threads: it belongs to the same tool call as {@code other}, and
 * follows {@code other}'s last answer within the same exchange.
 */
final class FollowScopeAdvice {
    private FollowScopeAdvice() {
    }

    @Advice.OnMethodExit(inline = false)
    static void exit(@Advice.This Object copy, @Advice.Argument(2) Object other) {
        JdkRequests.followed(copy, other);
    }
}
