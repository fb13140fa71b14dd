package dev.intentguard.agent.http.jdk;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * On {@code MultiExchange#getExceptionalCF(Throwable[, ExchangeImpl])}, where every failed attempt of a request ends
 * up. Its contract is the same in JDK 17.0.15 (one argument, {@code expiredOnce}), 17.0.21 and 25 (two arguments,
 * {@code retriedOnce}): it returns {@code null} when the client will send {@code currentreq} again (after setting
 * {@code retryCause}), else the future that fails the exchange. The client resends on
 * <ul>
 *   <li>a {@code ConnectException} (once, unless {@code jdk.httpclient.disableRetryConnect}),</li>
 *   <li>a {@code ConnectionExpiredException}: an HTTP/1.1 connection that failed before any byte of the
 *       response, GET and HEAD only unless {@code jdk.httpclient.enableAllMethodRetry},</li>
 *   <li>(17.0.21+, 25) an HTTP/2 stream the peer says it did not process.</li>
 * </ul>
 * The attempt is recorded (connect failure or unprocessed: not sent; otherwise no response). A resend the guard stops
 * ({@code mayResend}: inside a side_effect scope with {@code client-retries: suppress}, a keyed request an attempt of
 * which may have reached the server) is replaced by what the client does when it will not retry: fail with
 * {@code retryCause}. The {@code jdk.httpclient.*} switches behind the decision are static finals read at class
 * initialisation, so the decision is overridden per request instead.
 */
final class RetryDecisionAdvice {
    private RetryDecisionAdvice() {
    }

    @Advice.OnMethodExit(inline = false)
    @Advice.AssignReturned.ToReturned(typing = Assigner.Typing.DYNAMIC)
    @Advice.AssignReturned.AsScalar                                   // null (also a failed advice's): keep the answer
    static Object exit(@Advice.FieldValue("currentreq") Object current,
                       @Advice.FieldValue("retryCause") Throwable retryCause,
                       @Advice.Argument(0) Throwable failure,
                       @Advice.Return Object returned) {
        return JdkRequests.failed(current, retryCause, failure, returned);
    }
}
