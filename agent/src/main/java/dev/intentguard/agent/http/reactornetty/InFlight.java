package dev.intentguard.agent.http.reactornetty;

import dev.intentguard.agent.http.HttpExchange;
import dev.intentguard.agent.http.HttpGuard;
import dev.intentguard.bridge.ToolFrame;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
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
    private static final ConcurrentHashMap<Key, Request> REQUESTS = new ConcurrentHashMap<>();
    private static final ConcurrentHashMap<Key, ToolFrame> HANDOFFS = new ConcurrentHashMap<>();
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
        if (guard != null && HANDOFFS.putIfAbsent(new Key(handler, GONE), scope) == null) {
            guard.handedOff(scope);
        }
    }

    /** The subscription's last outcome: the hand-off ends, once. */
    static void over(Object handler) {
        ToolFrame scope = handler == null || HANDOFFS.isEmpty() ? null : HANDOFFS.remove(new Key(handler, null));
        HttpGuard guard = HttpGuard.get();
        if (scope != null && guard != null) {
            guard.handOffEnded(scope);
        }
    }

    static void put(Object connection, Request request) {
        expunge();
        REQUESTS.put(new Key(connection, GONE), request);
    }

    static Request remove(Object connection) {
        return connection == null || REQUESTS.isEmpty() ? null : REQUESTS.remove(new Key(connection, null));
    }

    private static void expunge() {
        for (Object gone; (gone = GONE.poll()) != null; ) {
            REQUESTS.remove(gone);
            HANDOFFS.remove(gone);
        }
    }

    private static final class Key extends WeakReference<Object> {
        private final int hash;

        Key(Object referent, ReferenceQueue<Object> queue) {
            super(referent, queue);
            this.hash = System.identityHashCode(referent);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object o) {
            if (this == o) {
                return true;
            }
            Object mine = get();
            return o instanceof Key && mine != null && mine == ((Key) o).get();
        }
    }
}
