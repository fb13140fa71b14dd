package dev.intentguard.agent.http.reactornetty;

import dev.intentguard.agent.http.HttpExchange;
import dev.intentguard.agent.http.HttpGuard;
import dev.intentguard.bridge.ToolFrame;
import dev.intentguard.bridge.WeakIdentityKey;

import java.lang.ref.ReferenceQueue;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What is under way for a tool in Reactor Netty, keyed by identity and held weakly (a connection or a subscription
 * dropped without an outcome leaves nothing behind):
 * <ul>
 *   <li>each subscription made in a tool (its {@code HttpClientHandler}) is a hand-off to an asynchronous client, from
 *       the subscription to its last outcome: a tool that returns before it (a {@code subscribe()} it does not wait
 *       for) ends {@code pending_unknown}, not {@code done};</li>
 *   <li>each request on a connection ({@code HttpClientOperations}), from {@link RequestAdvice} to its outcome
 *       ({@link OutcomeAdvice}): its subscription, and its exchange when the guard watches it.</li>
 * </ul>
 */
final class InFlight {
    private static final ConcurrentHashMap<WeakIdentityKey, Request> REQUESTS = new ConcurrentHashMap<>();
    private static final ConcurrentHashMap<WeakIdentityKey, ToolFrame> HANDOFFS = new ConcurrentHashMap<>();
    private static final ReferenceQueue<Object> GONE = new ReferenceQueue<>();

    private InFlight() {
    }

    /** A request under way: the subscription it is part of and, if watched, its exchange. */
    static final class Request {
        final Object handler;
        final HttpExchange exchange;

        Request(Object handler, HttpExchange exchange) {
            this.handler = handler;
            this.exchange = exchange;
        }
    }

    static boolean isEmpty() {
        return REQUESTS.isEmpty() && HANDOFFS.isEmpty();
    }

    static void subscribed(Object handler, ToolFrame scope) {
        expunge();
        HttpGuard guard = HttpGuard.get();
        if (guard != null && HANDOFFS.putIfAbsent(new WeakIdentityKey(handler, GONE), scope) == null) {
            guard.handedOff(scope);
        }
    }

    /**
     * The tool call the subscription {@code handler} was made in, while it is under way; {@code null} after its last
     * outcome (a redirect Reactor Netty follows itself is not covered) or for a subscription made outside a tool.
     */
    static ToolFrame scopeOf(Object handler) {
        return handler == null || HANDOFFS.isEmpty() ? null : HANDOFFS.get(new WeakIdentityKey(handler, null));
    }

    /** The subscription's last outcome: the hand-off ends, once. */
    static void over(Object handler) {
        ToolFrame scope = handler == null || HANDOFFS.isEmpty() ? null : HANDOFFS.remove(new WeakIdentityKey(handler, null));
        HttpGuard guard = HttpGuard.get();
        if (scope != null && guard != null) {
            guard.handOffEnded(scope);
        }
    }

    static void put(Object connection, Request request) {
        expunge();
        REQUESTS.put(new WeakIdentityKey(connection, GONE), request);
    }

    static Request remove(Object connection) {
        return connection == null || REQUESTS.isEmpty() ? null : REQUESTS.remove(new WeakIdentityKey(connection, null));
    }

    private static void expunge() {
        for (Object gone; (gone = GONE.poll()) != null; ) {
            REQUESTS.remove(gone);
            HANDOFFS.remove(gone);
        }
    }
}
