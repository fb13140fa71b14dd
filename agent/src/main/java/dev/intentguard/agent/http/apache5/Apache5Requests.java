package dev.intentguard.agent.http.apache5;

import dev.intentguard.agent.http.HttpExchange;
import dev.intentguard.agent.http.HttpGuard;
import dev.intentguard.agent.http.HttpTarget;
import dev.intentguard.agent.http.SendRefused;
import dev.intentguard.agent.wire.WireOutcome;
import dev.intentguard.bridge.IntentScope;
import dev.intentguard.bridge.ToolFrame;
import org.apache.hc.client5.http.async.AsyncExecCallback;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.http.protocol.HttpCoreContext;
import org.apache.hc.core5.net.URIAuthority;

import java.io.IOException;
import java.net.URI;

/**
 * The adapter between Apache HttpClient 5's types (classic and async) and the HTTP guard: how to read a request's
 * method, host, port and path, how to set and give back the key header, what each attempt showed, and how the async
 * client's reactor and scheduler threads find the tool's scope (tags on the execution, its requests and its
 * handlers). Decisions are the guard's.
 */
final class Apache5Requests {
    static final String CLIENT = "httpclient5";
    static final String ASYNC_CLIENT = "httpclient5-async";

    private Apache5Requests() {
    }

    static HttpTarget target(HttpRequest request) {
        URIAuthority authority = request == null ? null : request.getAuthority();
        return authority == null ? null
                : HttpTarget.of(request.getMethod(), request.getScheme(), authority.getHostName(), authority.getPort(),
                        request.getPath());
    }

    static HttpTarget target(HttpHost host, HttpRequest request) {
        if (host == null || request == null) {
            return target(request);
        }
        return HttpTarget.of(request.getMethod(), host.getSchemeName(), host.getHostName(), host.getPort(), request.getPath());
    }

    /** The tool's scope on this thread, else the one {@code tagged} carries (async: asked on a reactor thread). */
    private static ToolFrame scope(Object tagged) {
        ToolFrame current = IntentScope.current();
        return current != null || tagged == null ? current : IntentScope.carried(tagged);
    }

    // ---- classic ----

    /** One send of the caller's request: the exchange, and the request's own value of the key header to give back. */
    static final class Send {
        final HttpExchange exchange;
        final String previous;

        Send(HttpExchange exchange, String previous) {
            this.exchange = exchange;
            this.previous = previous;
        }

        void end(HttpRequest request) {
            exchange.end();
            String name = exchange.keyName();
            if (name != null) {
                if (previous == null) {
                    request.removeHeaders(name);
                } else {
                    request.setHeader(name, previous);
                }
            }
        }
    }

    /**
     * {@code doExecute(target, request, context)}: one exchange, from the caller's send to the response or the final
     * failure. The caller's request carries the key for the time of the call (the exec chain copies it per attempt and
     * per redirect), then is given back as it was.
     *
     * @throws SendRefused when it repeats a write whose outcome is unknown
     */
    static Send begin(HttpHost host, HttpRequest request) throws SendRefused {
        ToolFrame scope = IntentScope.current();
        HttpGuard guard = HttpGuard.get();
        if (scope == null || guard == null || request == null) {
            return null;
        }
        HttpExchange exchange = guard.begin(scope, CLIENT, target(host, request));
        if (exchange == null) {
            return null;
        }
        String previous = null;
        if (exchange.keyName() != null) {
            Header existing = request.getFirstHeader(exchange.keyName());
            previous = existing == null ? null : existing.getValue();
            exchange.replacing(previous);
            request.setHeader(exchange.keyName(), exchange.keyValue());
        }
        return new Send(exchange, previous);
    }

    /** httpcore's executor is about to write {@code request}: it reached the connection. */
    static void writing(HttpRequest request) {
        IntentScope.carry(request, IntentScope.current());
    }

    /** The request written and the response head read, or no answer: sent (or maybe sent) without one. */
    static void answered(HttpRequest request, HttpResponse response, Throwable thrown) {
        ToolFrame scope = IntentScope.current();
        HttpGuard guard = HttpGuard.get();
        if (scope == null || guard == null || request == null) {
            return;
        }
        if (thrown == null && response != null) {
            guard.answered(scope, CLIENT, target(request), response.getCode(), retryAfter(response));
        } else if (thrown != null) {
            guard.attempt(scope, CLIENT, target(request), WireOutcome.NO_RESPONSE, 0, thrown.getClass().getSimpleName());
        }
    }

    /** {@code ConnectExec} failed for an attempt that never reached the executor: nothing was written. */
    static void connectFailed(HttpRequest request, Throwable thrown) {
        ToolFrame scope = IntentScope.current();
        HttpGuard guard = HttpGuard.get();
        if (thrown == null || request == null || scope == null || guard == null || IntentScope.carried(request) != null) {
            return;                          // it reached the connection: answered() has recorded it
        }
        guard.attempt(scope, CLIENT, target(request), WireOutcome.NOT_SENT, 0, thrown.getClass().getSimpleName());
    }

    /** A redirect the exec is about to follow: a 307/308 is answered by the follow-up, once it is attempted. */
    static void redirecting(HttpRequest request, HttpResponse response, URI location) {
        ToolFrame scope = scope(request);
        HttpGuard guard = HttpGuard.get();
        HttpTarget from = target(request);
        if (scope == null || guard == null || response == null || from == null || location == null
                || location.getHost() == null) {
            return;
        }
        guard.followed(scope, from, HttpTarget.of(from.method(), location));
    }

    /**
     * {@code DefaultHttpRequestRetryStrategy.retryRequest} answered {@code true} for {@code request}: {@code FALSE} when
     * the guard stops that resend (a keyed write of a side-effect call that may have been acted on); {@code null}
     * keeps the strategy's answer.
     */
    static Boolean mayRetry(HttpRequest request, String detail) {
        ToolFrame scope = scope(request);
        HttpGuard guard = HttpGuard.get();
        if (scope == null || guard == null || request == null) {
            return null;
        }
        return guard.mayResend(scope, CLIENT, target(request), detail) ? null : Boolean.FALSE;
    }

    /** The request of the attempt a status was answered to: the main exec sets it in the context per attempt. */
    static HttpRequest request(HttpContext context) {
        return context instanceof HttpCoreContext ? ((HttpCoreContext) context).getRequest() : null;
    }

    // ---- async ----

    /**
     * {@code executeImmediate(request, producer, scope, chain, callback)}, once per {@code execute} on the caller's
     * thread with the client's own copy of the request: the execution and the copy are tagged with the tool's scope;
     * the write begins, and is one hand-off until the client's callback learns the outcome; the copy gets the key (the
     * retry exec resends copies of it, redirects are built from it).
     *
     * @return {@code true} when the send is refused: the callback has failed with the refusal, nothing may run
     */
    static boolean beginAsync(HttpRequest request, Object execution, AsyncExecCallback callback) {
        ToolFrame scope = IntentScope.current();
        HttpGuard guard = HttpGuard.get();
        if (scope == null || guard == null || request == null) {
            return false;
        }
        IntentScope.carry(execution, scope);
        IntentScope.carry(request, scope);
        HttpTarget target = target(request);
        HttpExchange exchange;
        try {
            exchange = guard.begin(scope, ASYNC_CLIENT, target);
        } catch (SendRefused refused) {
            callback.failed(refused);
            return true;
        }
        if (exchange == null) {
            return false;
        }
        // The whole execution (attempts, retries, redirects on reactor threads) is one hand-off, which ends when the
        // client's own callback learns the outcome (callbackCalled); the request is not under way by itself.
        exchange.end();
        if (callback != null && callback.getClass().getName().endsWith(".InternalAbstractHttpAsyncClient$2")
                && guard.watched(scope, target.method())) {
            IntentScope.carry(callback, scope);
            guard.handedOff(scope);
        }
        if (exchange.keyName() != null) {
            Header existing = request.getFirstHeader(exchange.keyName());
            exchange.replacing(existing == null ? null : existing.getValue());
            request.setHeader(exchange.keyName(), exchange.keyValue());
        }
        return false;
    }

    /** The client's own execution callback heard of the outcome: the first such call ends the hand-off. */
    static void callbackCalled(Object callback) {
        ToolFrame scope = IntentScope.take(callback);
        HttpGuard guard = HttpGuard.get();
        if (scope != null && guard != null) {
            guard.handOffEnded(scope);
        }
    }

    /** {@code HttpAsyncMainClientExec.execute}, once per attempt: its request runs in the execution's scope. */
    static void attemptStarts(HttpRequest request, Object execution) {
        ToolFrame scope = IntentScope.current();
        IntentScope.carry(request, scope != null ? scope : IntentScope.carried(execution));
    }

    /** The exchange handler hands the attempt's request to the connection. */
    static void handedOver(Object handler, HttpRequest request) {
        IntentScope.carry(handler, IntentScope.carried(request));
    }

    /** The exchange handler got the response head. */
    static void answeredAsync(HttpRequest request, HttpResponse response) {
        ToolFrame scope = IntentScope.carried(request);
        HttpGuard guard = HttpGuard.get();
        if (scope != null && guard != null && response != null) {
            guard.answered(scope, ASYNC_CLIENT, target(request), response.getCode(), retryAfter(response));
        }
    }

    /**
     * The exchange handler failed: no response once the request was handed over, else not sent (a pooled connection
     * found closed before the request started). A failure after the head (the body broke off) reads as no response:
     * unknown, the safe side.
     */
    static void failedAsync(Object handler, HttpRequest request, Exception cause) {
        ToolFrame scope = IntentScope.carried(request);
        HttpGuard guard = HttpGuard.get();
        if (scope == null || guard == null) {
            return;
        }
        boolean handedOver = IntentScope.carried(handler) != null;
        guard.attempt(scope, ASYNC_CLIENT, target(request), handedOver ? WireOutcome.NO_RESPONSE : WireOutcome.NOT_SENT, 0,
                cause == null ? null : cause.getClass().getSimpleName());
    }

    private static String retryAfter(HttpResponse response) {
        Header h = response.getFirstHeader("Retry-After");
        return h == null ? null : h.getValue();
    }

    static String detail(IOException exception) {
        return "HttpRequestRetryExec after " + (exception == null ? "I/O error" : exception.getClass().getSimpleName());
    }
}
