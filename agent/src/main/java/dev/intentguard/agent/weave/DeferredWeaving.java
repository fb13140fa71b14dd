package dev.intentguard.agent.weave;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Whether the classes of the plugins that act only inside guarded calls ({@link AgentPlugin#actsInsideToolCalls}) are
 * woven yet. While the application starts they are not: the weaver leaves them as they load and weaves them later by
 * retransformation ({@link Weaver#weaveDeferred}), once the start has settled or at once when a guarded call begins and
 * {@link #awaitForCall} asks for them. That call, and every call until then, waits: none runs with an HTTP client or
 * retry loop that misses its advice.
 */
public final class DeferredWeaving {
    private final CountDownLatch woven = new CountDownLatch(1);
    /** One volatile read per guarded call once the classes are woven. */
    private volatile boolean pending;
    /** When the first call began waiting: later calls wait only for what is left of the timeout, as for the store. */
    private volatile long waitingSince;

    private DeferredWeaving(boolean pending) {
        this.pending = pending;
        if (!pending) {
            woven.countDown();
        }
    }

    /** Classes of call-scoped plugins that load from now on wait for {@link Weaver#weaveDeferred}. */
    public static DeferredWeaving untilSettled() {
        return new DeferredWeaving(true);
    }

    /** Nothing is deferred: every class is woven as it loads (after an attach, under the test kit). */
    public static DeferredWeaving none() {
        return new DeferredWeaving(false);
    }

    /**
     * A guarded call begins: asks for the deferred classes and waits for them, at most {@code timeoutMillis} counted
     * from the first call that waited (once that has passed, calls no longer wait).
     * @return whether they are woven (false only past the timeout: the call then goes on, its clients perhaps unwoven)
     */
    public boolean awaitForCall(long timeoutMillis) {
        if (!pending) {
            return true;
        }
        long now = System.currentTimeMillis();
        if (waitingSince == 0) {
            waitingSince = now;
        }
        try {
            return woven.await(Math.max(0, waitingSince + timeoutMillis - now), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Whether a guarded call has asked for them. */
    public boolean wanted() {
        return waitingSince != 0;
    }

    boolean pending() {
        return pending;
    }

    void done() {
        pending = false;
        woven.countDown();
    }
}
