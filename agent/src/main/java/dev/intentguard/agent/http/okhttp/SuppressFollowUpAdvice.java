package dev.intentguard.agent.http.okhttp;

import dev.intentguard.api.bridge.HttpDispatch;
import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;
import okhttp3.HttpUrl;
import okhttp3.Request;
import okhttp3.Response;

/**
 * On {@code RetryAndFollowUpInterceptor.followUpRequest(response, ...)}: the request OkHttp sends next, or
 * {@code null}. Two answers are resends of the same request: 408 (once, if {@code retryOnConnectionFailure})
 * and 503 with {@code Retry-After: 0} (once, whatever the setting). Inside a side_effect scope with
 * {@code client-retries: suppress} they become {@code null}: the caller gets the 408/503 response itself.
 *
 * <p>Left alone, and told to the agent as followed: redirects (3xx: a new request the server asked for, not a
 * retry; it keeps the key, being built from the keyed request), 401/407 (the authenticator's answer to a refusal),
 * and 421 (only on a
 * coalesced HTTP/2 connection; RFC 9110 15.5.20: the server did not process it, and a client may retry it
 * on another connection whatever the method).
 */
final class SuppressFollowUpAdvice {
    private SuppressFollowUpAdvice() {
    }

    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.Argument(0) Response response,
                     @Advice.Return(readOnly = false) Request followUp) {
        if (followUp == null || response == null) {
            return;
        }
        ToolFrame scope = IntentScope.current();
        if (scope == null) {
            return;
        }
        Request sent = response.request();
        HttpUrl url = sent.url();
        int status = response.code();
        if (status != 408 && status != 503) {
            // A redirect or an authentication round: a 307/308 is answered by the follow-up, not by itself.
            HttpDispatch.followed(scope, HttpDispatch.endpoint(sent.method(), url.host(), url.port(), url.encodedPath()), null);
            return;
        }
        if (!HttpDispatch.mayResend(scope, "okhttp", sent.method(), url.host(), url.port(), url.encodedPath(),
                "follow-up of HTTP " + status)) {
            followUp = null;
        }
    }
}
