package dev.intentguard.agent.http.apache5;

import net.bytebuddy.asm.Advice;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.HttpHost;

/**
 * On {@code InternalHttpClient.doExecute(target, request, context)} (and {@code MinimalHttpClient}'s): one exchange,
 * from the caller's send to the response or the final failure. A send that repeats a write whose outcome is unknown
 * fails here with the guard's {@code IOException}, before anything is written. The caller's request gets the key before
 * the exec chain copies it: {@code HttpRequestRetryExec} resends a new copy of that same request and
 * {@code RedirectExec} builds redirects from it, so every attempt carries the key (a per-attempt interceptor could not
 * do this: it would run again for each copy). When the call is over, the caller's request is given back as it was.
 */
final class KeyHeaderAdvice {
    private KeyHeaderAdvice() {
    }

    @Advice.OnMethodEnter(inline = false)
    static Object enter(@Advice.Argument(0) HttpHost target, @Advice.Argument(1) ClassicHttpRequest request)
            throws java.io.IOException {
        return Apache5Requests.begin(target, request);
    }

    @Advice.OnMethodExit(inline = false, onThrowable = Throwable.class)
    static void exit(@Advice.Enter Object send, @Advice.Argument(1) ClassicHttpRequest request) {
        if (send != null) {
            ((Apache5Requests.Send) send).end(request);
        }
    }
}
