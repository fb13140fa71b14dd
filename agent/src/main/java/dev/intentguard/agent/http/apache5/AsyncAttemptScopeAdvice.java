package dev.intentguard.agent.http.apache5;

import net.bytebuddy.asm.Advice;
import org.apache.hc.client5.http.async.AsyncExecChain;
import org.apache.hc.core5.http.HttpRequest;

/**
 * Async client: on {@code HttpAsyncMainClientExec.execute(request, producer, scope, chain, callback)}, once per attempt
 * (the first on the caller's thread or a reactor thread, retries on the scheduler thread): the attempt's request is
 * tagged with the tool scope the execution was tagged with, for the exchange handler ({@link AsyncWireAttemptAdvice})
 * and the retry strategy ({@link SuppressRetryAdvice}).
 */
final class AsyncAttemptScopeAdvice {
    private AsyncAttemptScopeAdvice() {
    }

    @Advice.OnMethodEnter(inline = false)
    static void enter(@Advice.Argument(0) HttpRequest request, @Advice.Argument(2) AsyncExecChain.Scope execution) {
        Apache5Requests.attemptStarts(request, execution);
    }
}
