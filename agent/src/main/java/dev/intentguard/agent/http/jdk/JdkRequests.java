package dev.intentguard.agent.http.jdk;

import dev.intentguard.agent.http.HttpExchange;
import dev.intentguard.agent.http.HttpGuard;
import dev.intentguard.agent.http.HttpTarget;
import dev.intentguard.agent.http.SendRefused;
import dev.intentguard.agent.wire.WireOutcome;
import dev.intentguard.bridge.IntentScope;
import dev.intentguard.bridge.ToolFrame;

import java.net.ConnectException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * The adapter between {@code java.net.http}'s types and the HTTP guard: how to read a request, how to put the key on
 * it, what each attempt showed. The client's own request copies ({@code HttpRequestImpl}) carry the tool's scope to the
 * executor and selector threads that run the exchange. Decisions are the guard's.
 */
final class JdkRequests {
    static final String CLIENT = "java.net.http";

    /** What {@link #begin} hands from the send's enter to its exit. */
    static final int REQUEST = 0;
    static final int REFUSED = 1;
    static final int EXCHANGE = 2;

    private JdkRequests() {
    }

    static HttpTarget target(HttpRequest request) {
        return request == null ? null : HttpTarget.of(request.method(), request.uri());
    }

    /**
     * A send begins on the caller's thread: {@code null} when the guard has nothing to do with it; else {@code [the
     * request to send (the caller's, or one carrying the key), the refusal or null, the exchange]}.
     */
    static Object[] begin(HttpRequest request) {
        ToolFrame scope = IntentScope.current();
        HttpGuard guard = HttpGuard.get();
        if (scope == null || guard == null || request == null) {
            return null;
        }
        HttpExchange exchange;
        try {
            exchange = guard.begin(scope, CLIENT, target(request));
        } catch (SendRefused refused) {
            return new Object[] {request, refused, null};
        }
        if (exchange == null) {
            return null;
        }
        HttpRequest send = request;
        String name = exchange.keyName();
        if (name != null) {
            String existing = request.headers().firstValue(name).orElse(null);
            if (!exchange.keyValue().equals(existing)) {     // else: the same request object sent again, already keyed
                exchange.replacing(existing);
                send = new KeyedJdkRequest(request, name, exchange.keyValue());
            }
        }
        return new Object[] {send, null, exchange};
    }

    /**
     * The send's exit: a refused send answers a failed future, as the client fails a send it cannot make; a send that
     * threw never started its exchange. {@code null}: keep what the client returned.
     */
    static Object sent(Object[] begun, Throwable thrown) {
        if (begun == null) {
            return null;
        }
        if (begun[REFUSED] != null) {
            return CompletableFuture.failedFuture((Throwable) begun[REFUSED]);
        }
        if (thrown != null) {
            ((HttpExchange) begun[EXCHANGE]).end();
        }
        return null;
    }

    /** The client's copy of the caller's request, made on the caller's thread: it runs in the caller's scope. */
    static void copied(Object copy) {
        ToolFrame scope = IntentScope.current();
        if (scope != null) {
            IntentScope.carry(copy, scope);
        }
    }

    /**
     * The client's copy for a redirect or an authentication round, made on its own threads: it belongs to the tool call
     * of {@code from}, and follows {@code from}'s last answer within the same exchange (its headers, the key included,
     * are copied from {@code from}).
     */
    static void followed(Object copy, Object from) {
        ToolFrame scope = IntentScope.carried(from);
        HttpGuard guard = HttpGuard.get();
        if (scope == null || guard == null) {
            return;
        }
        IntentScope.carry(copy, scope);
        HttpTarget next = target((HttpRequest) copy);
        guard.followed(scope, target((HttpRequest) from), next);
        guard.continues(scope, next);
    }

    /** A response head for {@code request}: the attempt's answer, and the end of its exchange. */
    static void answered(Object request, int status, boolean connectResponse, java.net.http.HttpHeaders headers) {
        if (connectResponse || status < 200) {
            return;                                           // a proxy's answer to CONNECT, an interim 1xx
        }
        ToolFrame scope = IntentScope.carried(request);
        HttpGuard guard = HttpGuard.get();
        if (scope == null || guard == null) {
            return;
        }
        HttpTarget target = target((HttpRequest) request);
        guard.answered(scope, CLIENT, target, status, headers == null ? null : headers.firstValue("Retry-After").orElse(null));
        // The exchange is answered; a redirect or an authentication round that follows begins again (followed).
        guard.ended(scope, target);
        if (!followable(status)) {
            IntentScope.take(request);                        // nothing of this copy is asked again: untag it now, not at GC
        }
    }

    /** An answer the client may follow with a copy of the request (a redirect, an authentication round). */
    private static boolean followable(int status) {
        return status == 401 || status == 407 || (status >= 300 && status < 400);
    }

    /**
     * {@code MultiExchange.getExceptionalCF}: {@code returned} is {@code null} when the client will send the current
     * request again, else the future that fails the exchange. The attempt is recorded; a resend the guard stops is
     * replaced by what the client does when it will not retry: fail with {@code retryCause}.
     *
     * @return the future to return instead, or {@code null} to keep the client's answer
     */
    static Object failed(Object current, Throwable retryCause, Throwable failure, Object returned) {
        ToolFrame scope = IntentScope.carried(current);
        HttpGuard guard = HttpGuard.get();
        if (scope == null || guard == null) {
            return null;
        }
        HttpTarget target = target((HttpRequest) current);
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (returned == null) {
            // The client decided to send the request again: this attempt failed first.
            String why = cause == null ? "failure" : cause.getClass().getSimpleName();
            boolean expired = why.equals("ConnectionExpiredException");
            guard.attempt(scope, CLIENT, target, expired ? WireOutcome.NO_RESPONSE : WireOutcome.NOT_SENT, 0,
                    expired ? why + ": the connection failed before any byte of a response"
                            : cause instanceof ConnectException ? why : why + ": not processed by the peer");
            if (!guard.mayResend(scope, CLIENT, target, "MultiExchange resend after " + why)) {
                guard.ended(scope, target);
                return CompletableFuture.failedFuture(retryCause != null ? retryCause : cause);
            }
            return null;
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
        guard.attempt(scope, CLIENT, target, notSent ? WireOutcome.NOT_SENT : WireOutcome.NO_RESPONSE, 0,
                end == null ? null : end.getClass().getSimpleName());
        guard.ended(scope, target);
        IntentScope.take(current);                            // the exchange failed for good
        return null;
    }
}
