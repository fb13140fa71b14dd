package dev.intentguard.agent.http.jdk;

import dev.intentguard.api.bridge.HttpDispatch;
import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Woven into {@code MultiExchange#getExceptionalCF(Throwable[, ExchangeImpl])}, where every failed attempt of a
 * request ends up. Its contract is the same in JDK 17.0.15 (one argument, {@code expiredOnce}), 17.0.21 and 25
 * (two arguments, {@code retriedOnce}): it returns {@code null} when the client will send {@code currentreq} again
 * (after setting {@code retryCause}), else the future that fails the exchange. The client resends on
 * <ul>
 *   <li>a {@code ConnectException} (once, unless {@code jdk.httpclient.disableRetryConnect}),</li>
 *   <li>a {@code ConnectionExpiredException}: an HTTP/1.1 connection that failed before any byte of the
 *       response, GET and HEAD only unless {@code jdk.httpclient.enableAllMethodRetry},</li>
 *   <li>(17.0.21+, 25) an HTTP/2 stream the peer says it did not process.</li>
 * </ul>
 * The attempt is recorded (connect failure or unprocessed: not sent; otherwise no response). When the agent says the
 * resend may not go ({@code HttpDispatch.mayResend}: inside a side_effect scope with {@code client-retries:
 * suppress}, a keyed request an attempt of which may have reached the server), it is replaced by what the client
 * does when it will not retry: fail with {@code retryCause}. A resend after nothing was sent goes ahead, with the
 * same key. Everything else (outside a tool, off the allowlist, same-key) keeps the client's behaviour.
 */
final class RetryDecisionAdvice {
    private RetryDecisionAdvice() {
    }

    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.FieldValue("currentreq") Object current,
                     @Advice.FieldValue("retryCause") Throwable retryCause,
                     @Advice.Argument(0) Throwable failure,
                     @Advice.Return(readOnly = false, typing = Assigner.Typing.DYNAMIC) Object returned) {
        ToolFrame scope = IntentScope.carried(current);
        if (scope == null) {
            return;
        }
        HttpRequest request = (HttpRequest) current;
        URI uri = request.uri();
        String method = request.method();
        int port = uri.getPort() >= 0 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (returned == null) {
            // The client decided to send the request again: this attempt failed first.
            String why = cause == null ? "failure" : cause.getClass().getSimpleName();
            boolean expired = why.equals("ConnectionExpiredException");
            HttpDispatch.attempt(scope, JdkHttpClientPlugin.CLIENT, method, uri.getHost(), port, uri.getPath(),
                    expired ? HttpDispatch.NO_RESPONSE : HttpDispatch.NOT_SENT, 0,
                    expired ? why + ": the connection failed before any byte of a response"
                            : cause instanceof ConnectException ? why : why + ": not processed by the peer");
            if (!HttpDispatch.mayResend(scope, JdkHttpClientPlugin.CLIENT, method, uri.getHost(), port, uri.getPath(),
                    "MultiExchange resend after " + why)) {
                returned = CompletableFuture.failedFuture(retryCause != null ? retryCause : cause);
                HttpDispatch.ended(scope, method, uri.getHost(), port, uri.getPath());
            }
            return;
        }
        // The exchange fails for good (timeouts become HttpTimeoutException or HttpConnectTimeoutException here).
        Throwable end = cause;
        if (returned instanceof CompletableFuture && ((CompletableFuture<?>) returned).isCompletedExceptionally()) {
            try {
                ((CompletableFuture<?>) returned).getNow(null);
            } catch (CompletionException e) {
                end = e.getCause() != null ? e.getCause() : e;
            } catch (CancellationException e) {
                end = e;
            }
        }
        boolean notSent = end instanceof ConnectException || end instanceof HttpConnectTimeoutException;
        HttpDispatch.attempt(scope, JdkHttpClientPlugin.CLIENT, method, uri.getHost(), port, uri.getPath(),
                notSent ? HttpDispatch.NOT_SENT : HttpDispatch.NO_RESPONSE, 0,
                end == null ? null : end.getClass().getSimpleName());
        HttpDispatch.ended(scope, method, uri.getHost(), port, uri.getPath());
    }
}
