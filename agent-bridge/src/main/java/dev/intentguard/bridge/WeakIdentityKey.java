package dev.intentguard.bridge;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;

/**
 * A map key that holds an object weakly and compares it by identity: what tags an object that travels between threads
 * (a request, a call, a subscription) with the tool call it belongs to, without keeping it alive. A key made with a
 * queue is enqueued once its object is collected, so the map can drop its entry; a lookup key needs none.
 */
public final class WeakIdentityKey extends WeakReference<Object> {
    private final int hash;

    public WeakIdentityKey(Object referent, ReferenceQueue<Object> queue) {
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
        return o instanceof WeakIdentityKey && mine != null && mine == ((WeakIdentityKey) o).get();
    }
}
