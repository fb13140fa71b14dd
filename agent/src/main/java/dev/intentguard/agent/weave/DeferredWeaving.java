package dev.intentguard.agent.weave;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Whether the classes left while the application started are woven yet: those of the plugins that act only inside
 * guarded calls ({@link AgentPlugin#actsInsideToolCalls}) and those given a light form for the start
 * ({@link AgentPlugin#whileStarting}: the tool classes' {@link StartTrampoline}s). The weaver weaves them by
 * retransformation ({@link Weaver#weaveDeferred}) once the start has settled, or at once when a guarded call asks.
 * A guarded call that begins before then waits for them, within {@code store.open-timeout}: past it, the call goes on
 * with an ERROR (its HTTP clients and retry loops perhaps without their advice, a tool entered through its trampoline
 * unguarded), or is refused under fail-closed.
 */
public final class DeferredWeaving {
    private final CountDownLatch woven = new CountDownLatch(1);
    /** One volatile read per guarded call once the classes are woven. */
    private volatile boolean pending;
    /** What to do once they are woven (guarded by this). */
    private final List<Runnable> whenWoven = new ArrayList<>();

    private DeferredWeaving(boolean pending) {
        this.pending = pending;
        if (!pending) {
            woven.countDown();
        }
    }

    /** Classes claimed while the application starts wait for {@link Weaver#weaveDeferred}. */
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
     * @return whether they are woven (false only when the time ran out)
     */
    public boolean await(long millis) {
        if (!pending) {
            return true;
        }
        // an interrupt does not end the wait (a call must not go on unwoven for it): it is kept for the caller
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(Math.max(0, millis));
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return woven.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Runs {@code action} once the classes are woven, on the thread that wove them (at once, on this thread, if they
     * are already): what the start kept for its own sake can go then.
     */
    public void whenWoven(Runnable action) {
        synchronized (this) {
            if (pending) {
                whenWoven.add(action);
                return;
            }
        }
        action.run();
    }

    void done() {
        List<Runnable> actions;
        synchronized (this) {
            pending = false;
            actions = new ArrayList<>(whenWoven);
            whenWoven.clear();
        }
        woven.countDown();
        for (Runnable action : actions) {
            try {
                action.run();
            } catch (RuntimeException e) {
                // only housekeeping runs here; the weaving is done whatever it does
            }
        }
    }
}
