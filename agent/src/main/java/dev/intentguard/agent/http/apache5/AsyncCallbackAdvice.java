package dev.intentguard.agent.http.apache5;

import net.bytebuddy.asm.Advice;

/**
 * Async client: on the client's own {@code AsyncExecCallback} ({@code InternalAbstractHttpAsyncClient$2}, the callback
 * {@code executeImmediate} hands down the exec chain), {@code handleResponse} (the response head arrived: the write's
 * answer is known, and the caller's future completes as soon as the body is read), {@code completed()} and
 * {@code failed(Exception)}: the first of them ends the hand-off, before the caller's future learns the outcome
 * (enter advice), so a tool that waits on that future never returns with its hand-off still open.
 */
final class AsyncCallbackAdvice {
    private AsyncCallbackAdvice() {
    }

    @Advice.OnMethodEnter(inline = false)
    static void enter(@Advice.This Object callback) {
        Apache5Requests.callbackCalled(callback);
    }
}
