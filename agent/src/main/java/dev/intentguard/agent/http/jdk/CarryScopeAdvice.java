package dev.intentguard.agent.http.jdk;

import net.bytebuddy.asm.Advice;

/**
 * On {@code HttpRequestImpl(HttpRequest, ProxySelector)}, the client's copy of the user's request made by
 * {@code sendAsync} on the caller's thread: the copy is tagged with the caller's scope, so that the client's executor
 * and selector threads, which run the exchange, know which tool call it belongs to.
 */
final class CarryScopeAdvice {
    private CarryScopeAdvice() {
    }

    @Advice.OnMethodExit(inline = false)
    static void exit(@Advice.This Object copy) {
        JdkRequests.copied(copy);
    }
}
