package dev.intentguard.agent.http.reactornetty;

import dev.intentguard.agent.http.HttpExchange;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The exchange each connection's request is, from {@link RequestAdvice} to its outcome ({@link OutcomeAdvice}). Keys
 * are the request's {@code HttpClientOperations}, compared by identity and held weakly: a connection closed without
 * either outcome leaves nothing behind.
 */
final class InFlight {
    private static final ConcurrentHashMap<Key, HttpExchange> EXCHANGES = new ConcurrentHashMap<>();
    private static final ReferenceQueue<Object> GONE = new ReferenceQueue<>();

    private InFlight() {
    }

    static boolean isEmpty() {
        return EXCHANGES.isEmpty();
    }

    static void put(Object connection, HttpExchange exchange) {
        for (Object gone; (gone = GONE.poll()) != null; ) {
            EXCHANGES.remove(gone);
        }
        EXCHANGES.put(new Key(connection, GONE), exchange);
    }

    static HttpExchange remove(Object connection) {
        return connection == null ? null : EXCHANGES.remove(new Key(connection, null));
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
