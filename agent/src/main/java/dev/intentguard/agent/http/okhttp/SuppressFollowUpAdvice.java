package dev.intentguard.agent.http.okhttp;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;
import okhttp3.Request;
import okhttp3.Response;

/**
 * On {@code RetryAndFollowUpInterceptor.followUpRequest(response, ...)}: the request OkHttp sends next, or
 * {@code null}. Two answers are resends of the same request: 408 (once, if {@code retryOnConnectionFailure}) and 503
 * with {@code Retry-After: 0} (once, whatever the setting). Inside a side_effect scope with
 * {@code client-retries: suppress} they become {@code null}: the caller gets the 408/503 response itself.
 *
 * <p>Left alone, and told to the guard as followed: redirects (3xx: a new request the server asked for, not a retry;
 * it keeps the key, being built from the keyed request), 401/407 (the authenticator's answer to a refusal), and 421
 * (only on a coalesced HTTP/2 connection; RFC 9110 15.5.20: the server did not process it).
 */
final class SuppressFollowUpAdvice {
    private SuppressFollowUpAdvice() {
    }

    @Advice.OnMethodExit(inline = false)
    @Advice.AssignReturned.ToReturned(index = 0, typing = Assigner.Typing.DYNAMIC)   // a null array keeps the answer
    static Object[] exit(@Advice.Argument(0) Response response, @Advice.Return Request followUp) {
        return OkHttpCalls.followUp(response, followUp);
    }
}
