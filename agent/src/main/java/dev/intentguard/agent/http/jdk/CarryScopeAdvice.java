package dev.intentguard.agent.http.jdk;

import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;

/**
 * Woven into {@code HttpRequestImpl(HttpRequest, ProxySelector)}, the client's copy of the user's request made
 * by {@code sendAsync} on the caller's thread: the copy is tagged with the caller's scope, so that the client's
 * executor and selector threads, which run the exchange, know which tool call it belongs to.
 */
final class CarryScopeAdvice {
    private CarryScopeAdvice() {
    }

    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.This Object copy) {
        ToolFrame scope = IntentScope.current();
        if (scope != null) {
            IntentScope.carry(copy, scope);
        }
    }
}
