package dev.intentguard.agent.weave;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Whether the classes of the plugins that act only inside guarded calls ({@link AgentPlugin#actsInsideToolCalls}) are
 * woven yet. While the application starts they are not: the weaver leaves them as they load and weaves them later by
 * retransformation ({@link Weaver#weaveDeferred}), once the start has settled or at once when a guarded call asks.
 * A guarded call that begins before then waits for them, within {@code store.open-timeout}: past it, the call goes on
 * with an ERROR (its HTTP clients and retry loops perhaps without their advice), or is refused under fail-closed.
 */
public final class DeferredWeaving {
    private final CountDownLatch woven = new CountDownLatch(1);
    /** One volatile read per guarded call once the classes are woven. */
    private volatile boolean pending;

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

    /** Whether the classes are still to be woven. */
    public boolean pending() {
        return pending;
    }

    /**
     * Waits for the classes to be woven, at most {@code millis}.
     * @return whether they are woven (false only when the time ran out or the thread was interrupted)
     */
    public boolean await(long millis) {
        if (!pending) {
            return true;
        }
        try {
            return woven.await(Math.max(0, millis), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    void done() {
        pending = false;
        woven.countDown();
    }
}
