package dev.intentguard.agent.http.reactornetty;

import dev.intentguard.agent.http.HttpExchange;
import dev.intentguard.agent.http.HttpGuard;
import dev.intentguard.agent.http.HttpTarget;
import dev.intentguard.agent.wire.WireOutcome;
import dev.intentguard.bridge.ToolFrame;
import io.netty.handler.codec.http.HttpHeaders;
import reactor.netty.http.HttpOperations;

import static dev.intentguard.agent.http.reactornetty.ReactorNettyPlugin.CLIENT;

/**
 * The adapter between Reactor Netty's requests and the HTTP guard: a prepared request begins its send (or is refused)
 * and gets the key; its answer or its connection's failure ends it. The tool's scope comes from the subscription the
 * request belongs to ({@link ReactorScopes}), never from the event loop's thread. Decisions are the guard's.
 */
final class ReactorRequests {
    private ReactorRequests() {
    }

    /**
     * The request {@code ch} of the subscription {@code handler} is prepared, nothing written yet: the send begins (a
     * refused one throws the guard's {@code IOException}) and the key is set on its headers.
     */
    static void prepared(Object handler, Object ch, String method, String url, HttpHeaders headers) throws java.io.IOException {
        ToolFrame scope = InFlight.scopeOf(handler);          // the subscription's, even when it is prepared after the tool returned
        HttpGuard guard = HttpGuard.get();
        if (scope == null || guard == null) {
            return;
        }
        HttpExchange exchange = guard.begin(scope, CLIENT, HttpTarget.ofUrl(method, url));
        if (exchange != null && exchange.keyName() != null) {
            exchange.replacing(headers.get(exchange.keyName()));
            headers.set(exchange.keyName(), exchange.keyValue());
        }
        InFlight.put(ch, new InFlight.Request(handler, exchange));
    }

    /** The response head of the request on {@code ch} (a 100 Continue is not the answer). */
    static void answered(Object ch, int status, HttpHeaders head) {
        if (status == 100 || InFlight.isEmpty()) {
            return;
        }
        InFlight.Request request = InFlight.remove(ch);
        if (request == null) {
            return;
        }
        HttpExchange exchange = request.exchange;
        if (exchange != null) {
            HttpGuard.get().answered(exchange.scope(), CLIENT, exchange.target(), status, head.get("Retry-After"));
            exchange.end();
        }
        InFlight.over(request.handler);                     // answered: the subscription's outcome is known
    }

    /**
     * A failure on the request's connection before its answer. Headers not handed to Netty yet mean nothing of it was
     * written (Reactor Netty retries that case itself, once, as a new send); otherwise it was sent, or may have been.
     */
    static void failed(Object connection, Throwable error) {
        if (InFlight.isEmpty()) {
            return;
        }
        InFlight.Request request = InFlight.remove(connection);
        HttpExchange exchange = request == null ? null : request.exchange;
        if (exchange == null) {
            return;                                         // the hand-off ends in HttpClientHandler.test, after this
        }
        boolean sent = !(connection instanceof HttpOperations) || ((HttpOperations<?, ?>) connection).hasSentHeaders();
        HttpGuard.get().attempt(exchange.scope(), CLIENT, exchange.target(),
                sent ? WireOutcome.NO_RESPONSE : WireOutcome.NOT_SENT, 0, error == null ? null : error.getClass().getSimpleName());
        exchange.end();
    }
}
