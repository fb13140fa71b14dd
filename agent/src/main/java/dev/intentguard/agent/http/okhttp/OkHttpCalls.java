package dev.intentguard.agent.http.okhttp;

import dev.intentguard.agent.http.HttpExchange;
import dev.intentguard.agent.http.HttpGuard;
import dev.intentguard.agent.http.HttpTarget;
import dev.intentguard.agent.http.SendRefused;
import dev.intentguard.agent.wire.WireOutcome;
import dev.intentguard.bridge.IntentScope;
import dev.intentguard.bridge.ToolFrame;
import okhttp3.Call;
import okhttp3.HttpUrl;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.internal.http.RetryAndFollowUpInterceptor;

import java.io.IOException;
import java.util.List;

/**
 * The adapter between OkHttp's types (4.x and 5.x, {@code okhttp3}) and the HTTP guard: how to read a request, how to
 * put the key on it, what each attempt showed, and how a call enqueued on the dispatcher keeps the tool's scope.
 * Decisions are the guard's.
 */
final class OkHttpCalls {
    static final String CLIENT = "okhttp";

    /** What {@link #begin} hands from {@code proceed}'s enter to its exit. */
    static final int REQUEST = 0;
    static final int REFUSED = 1;
    static final int EXCHANGE = 2;

    private OkHttpCalls() {
    }

    static HttpTarget target(Request request) {
        if (request == null) {
            return null;
        }
        HttpUrl url = request.url();
        return HttpTarget.of(request.method(), url.scheme(), url.host(), url.port(), url.encodedPath());
    }

    /**
     * {@code RealInterceptorChain.proceed(request)}, for the one call of each chain that hands the request to
     * {@code RetryAndFollowUpInterceptor}: the exchange begins there, after the application interceptors, and the key
     * goes on the request before the interceptor that loops over attempts (it resends that same request, and builds
     * 408/503 and redirect follow-ups from it). An application interceptor that proceeds twice sends twice: two
     * exchanges, the second refused when the first's outcome is unknown.
     *
     * @return {@code null} when the guard has nothing to do with it; else {@code [the request to proceed with, the
     *         refusal or null, the exchange]}
     */
    static Object[] begin(Request request, List<?> interceptors, int index) {
        ToolFrame scope = IntentScope.current();
        HttpGuard guard = HttpGuard.get();
        if (scope == null || guard == null || request == null || index >= interceptors.size()
                || !(interceptors.get(index) instanceof RetryAndFollowUpInterceptor)) {
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
        Request send = request;
        String name = exchange.keyName();
        if (name != null) {
            String existing = request.header(name);
            if (!exchange.keyValue().equals(existing)) {
                exchange.replacing(existing);
                send = request.newBuilder().header(name, exchange.keyValue()).build();
            }
        }
        return new Object[] {send, null, exchange};
    }

    /** {@code proceed} is over: a refused send fails with the refusal; an exchange that began ends. */
    static Throwable proceeded(Object[] begun) {
        if (begun == null) {
            return null;
        }
        if (begun[REFUSED] != null) {
            return (Throwable) begun[REFUSED];
        }
        ((HttpExchange) begun[EXCHANGE]).end();
        return null;
    }

    /** {@code RealCall.enqueue}: the call will run on a dispatcher thread, in this scope; a write is handed off till then. */
    static void enqueued(Call call) {
        ToolFrame scope = IntentScope.current();
        HttpGuard guard = HttpGuard.get();
        if (scope == null || guard == null) {
            return;
        }
        IntentScope.carry(call, scope);
        if (guard.watched(scope, call.request().method())) {
            guard.handedOff(scope);
        }
    }

    /**
     * {@code AsyncCall.run()} on a dispatcher thread: the chain runs in the scope the call was enqueued in, and the
     * write's exchange begins now, before any callback. Returns what {@link #ran} needs to leave the scope again.
     */
    static Object running(Call call) {
        ToolFrame scope = IntentScope.carried(call);
        HttpGuard guard = HttpGuard.get();
        if (scope == null || guard == null) {
            return null;
        }
        Object[] previous = {IntentScope.enter(scope)};
        if (guard.watched(scope, call.request().method())) {
            guard.handOffEnded(scope);
        }
        return previous;
    }

    /** The call ended on the dispatcher thread: the thread goes back to the pool clean. */
    static void ran(Object running) {
        if (running instanceof Object[]) {
            IntentScope.exit((ToolFrame) ((Object[]) running)[0]);
        }
    }

    /**
     * {@code RealCall.initExchange} failed: it finds a pooled connection or connects one, so no byte of this attempt was
     * written (connect refused, unknown host, connect timeout). 4.x wraps connect failures in its {@code RouteException}
     * (a RuntimeException); its cause is reported.
     */
    static void connectFailed(Request request, Throwable thrown) {
        ToolFrame scope = IntentScope.current();
        HttpGuard guard = HttpGuard.get();
        if (thrown == null || scope == null || guard == null) {
            return;
        }
        Throwable cause = !(thrown instanceof IOException) && thrown.getCause() instanceof IOException ? thrown.getCause() : thrown;
        guard.attempt(scope, CLIENT, target(request), WireOutcome.NOT_SENT, 0, cause.getClass().getSimpleName());
    }

    /** {@code CallServerInterceptor.intercept}: the request written and the response head read, or no answer. */
    static void attempted(Request request, Response response, Throwable thrown) {
        ToolFrame scope = IntentScope.current();
        HttpGuard guard = HttpGuard.get();
        if (scope == null || guard == null) {
            return;
        }
        HttpTarget target = target(request);
        if (thrown == null && response != null) {
            guard.answered(scope, CLIENT, target, response.code(), response.header("Retry-After"));
        } else if (thrown != null) {
            guard.attempt(scope, CLIENT, target, WireOutcome.NO_RESPONSE, 0, thrown.getClass().getSimpleName());
        }
    }

    /**
     * {@code RetryAndFollowUpInterceptor.recover} answered {@code true} (send the same request again after an I/O
     * failure): {@code FALSE} when the guard stops that resend; {@code null} keeps OkHttp's answer.
     */
    static Boolean mayRecover(IOException e, Request request) {
        ToolFrame scope = IntentScope.current();
        HttpGuard guard = HttpGuard.get();
        if (scope == null || guard == null || request == null) {
            return null;
        }
        return guard.mayResend(scope, CLIENT, target(request), "retryOnConnectionFailure after " + e.getClass().getSimpleName())
                ? null : Boolean.FALSE;
    }

    /**
     * {@code RetryAndFollowUpInterceptor.followUpRequest} answered a follow-up: a 408 or a 503 with
     * {@code Retry-After: 0} is the same request again, which the guard may stop ({@code [null]}: no follow-up, the
     * caller gets the 408/503 itself); a redirect or an authentication round is told to the guard as followed.
     *
     * @return {@code null} to keep OkHttp's answer, else a one-element array with the answer to give
     */
    static Object[] followUp(Response response, Request followUp) {
        ToolFrame scope = IntentScope.current();
        HttpGuard guard = HttpGuard.get();
        if (followUp == null || response == null || scope == null || guard == null) {
            return null;
        }
        HttpTarget sent = target(response.request());
        int status = response.code();
        if (status != 408 && status != 503) {
            guard.followed(scope, sent, null);               // a 307/308 is answered by the follow-up, not by itself
            return null;
        }
        return guard.mayResend(scope, CLIENT, sent, "follow-up of HTTP " + status) ? null : new Object[] {null};
    }
}
