package dev.intentguard.agent.http.apache4;

import dev.intentguard.agent.http.HttpExchange;
import dev.intentguard.agent.http.HttpGuard;
import dev.intentguard.agent.http.HttpTarget;
import dev.intentguard.agent.wire.WireOutcome;
import dev.intentguard.bridge.IntentScope;
import dev.intentguard.bridge.ToolFrame;
import org.apache.http.Header;
import org.apache.http.HttpHost;
import org.apache.http.HttpRequest;
import org.apache.http.HttpResponse;
import org.apache.http.client.methods.HttpRequestWrapper;
import org.apache.http.protocol.HttpContext;

import java.net.URI;

import static dev.intentguard.agent.http.apache4.ApacheHttpClient4Plugin.CLIENT;

/**
 * The adapter between HttpClient 4's types and the HTTP guard: how to read a request's method, host, port and path,
 * how to set and give back a header, what each attempt showed. Decisions are the guard's.
 */
final class Apache4Requests {
    /** The context attributes httpcore sets for each attempt ({@code HttpCoreContext}). */
    private static final String TARGET_HOST = "http.target_host";
    private static final String REQUEST = "http.request";
    /**
     * The request of the attempt under way, as {@link WireAdvice.Attempt} saw it: {@code http.request} is not reliable
     * for that (4.3 leaves a proxy's CONNECT there for the tunnelled request that follows).
     */
    private static final String ATTEMPT = "intentguard.attempt";

    private Apache4Requests() {
    }

    static HttpTarget target(HttpHost host, HttpRequest request) {
        if (request == null) {
            return null;
        }
        String method = request.getRequestLine().getMethod();
        String uri = request.getRequestLine().getUri();
        if (host == null) {
            return uri.startsWith("/") ? null : HttpTarget.of(method, URI.create(uri));
        }
        return HttpTarget.of(method, host.getSchemeName(), host.getHostName(), host.getPort(), uri);
    }

    /** The request of the attempt under way and its host, as the exec chain left them in {@code context}. */
    static HttpTarget target(HttpContext context) {
        if (context == null) {
            return null;
        }
        Object request = context.getAttribute(REQUEST);
        Object host = context.getAttribute(TARGET_HOST);
        return request instanceof HttpRequest
                ? target(host instanceof HttpHost ? (HttpHost) host : null, (HttpRequest) request) : null;
    }

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

    static Send begin(HttpHost host, HttpRequest request) throws java.io.IOException {
        ToolFrame scope = IntentScope.current();
        HttpGuard guard = HttpGuard.get();
        if (scope == null || guard == null) {
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

    /** {@code null}: keep the library's answer; {@code FALSE}: the resend must not go. */
    static Boolean mayResend(HttpContext context, String detail) {
        ToolFrame scope = IntentScope.current();
        HttpGuard guard = HttpGuard.get();
        if (scope == null || guard == null || context == null) {
            return null;
        }
        Object attempt = context.getAttribute(ATTEMPT);
        HttpTarget target = attempt instanceof HttpTarget ? (HttpTarget) attempt : target(context);
        return guard.mayResend(scope, CLIENT, target, detail) ? null : Boolean.FALSE;
    }

    static void attempt(HttpTarget target, WireOutcome outcome, int status, String detail) {
        ToolFrame scope = IntentScope.current();
        HttpGuard guard = HttpGuard.get();
        if (scope != null && guard != null) {
            guard.attempt(scope, CLIENT, target, outcome, status, detail);
        }
    }

    /**
     * One attempt on a connection: {@code request} is what is written (the exec chain's wrapper, relative path), its host
     * the context's target host; a proxy's {@code CONNECT} is not the application's request.
     */
    static void answered(HttpRequest request, HttpContext context, HttpResponse response, Throwable thrown) {
        if (IntentScope.current() == null || request == null || "CONNECT".equals(request.getRequestLine().getMethod())) {
            return;
        }
        Object host = context == null ? null : context.getAttribute(TARGET_HOST);
        HttpTarget target = target(host instanceof HttpHost ? (HttpHost) host : null, request);
        if (target == null && request instanceof HttpRequestWrapper) {
            target = target(null, ((HttpRequestWrapper) request).getOriginal());   // getTarget() is 4.4+
        }
        if (target == null) {
            return;
        }
        if (context != null) {
            context.setAttribute(ATTEMPT, target);
        }
        if (thrown != null) {
            attempt(target, WireOutcome.NO_RESPONSE, 0, thrown.getClass().getSimpleName());
        } else if (response != null) {
            ToolFrame scope = IntentScope.current();
            HttpGuard guard = HttpGuard.get();
            Header retryAfter = response.getFirstHeader("Retry-After");
            if (scope != null && guard != null) {
                guard.answered(scope, CLIENT, target, response.getStatusLine().getStatusCode(),
                        retryAfter == null ? null : retryAfter.getValue());
            }
        }
    }

    static void followed(HttpRequest request, HttpContext context, URI location) {
        ToolFrame scope = IntentScope.current();
        HttpGuard guard = HttpGuard.get();
        if (scope == null || guard == null || location == null || location.getHost() == null) {
            return;
        }
        Object host = context == null ? null : context.getAttribute(TARGET_HOST);
        HttpTarget from = target(host instanceof HttpHost ? (HttpHost) host : null, request);
        guard.followed(scope, from, HttpTarget.of(from == null ? null : from.method(), location));
    }
}
