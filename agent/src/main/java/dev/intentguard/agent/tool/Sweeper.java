package dev.intentguard.agent.tool;

import dev.intentguard.agent.background.AgentThreads;
import dev.intentguard.agent.store.FleetStore;
import dev.intentguard.agent.store.IntentStore;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The store's housekeeping, on a thread of its own and never on a call's path (a call that had to make room would
 * wait for a scan of the whole store: seconds, on a million intents).
 *
 * <ul>
 *   <li>Retention: every {@code reconcile.interval}, finished intents (DONE, FAILED) older than {@code store.retention}
 *       are forgotten. Unknown and in-flight ones never are: forgetting them would let a repeat run again.</li>
 *   <li>Room, for a store with a cap (the file store's {@code store.max-intents}): every {@value #WATCH_MILLIS} ms,
 *       a store past {@value #HIGH_WATER_PERCENT}% of its cap loses its oldest finished intents down to
 *       {@value #LOW_WATER_PERCENT}%, so that a claim finds room. A claim that meets the cap all the same (the calls
 *       outran this thread, or every intent is unknown) is refused at once and wakes it.</li>
 * </ul>
 */
final class Sweeper {
    static final int HIGH_WATER_PERCENT = 90;
    // Each pass reads every record once, however many it removes: a store kept at its cap at full speed spends its
    // housekeeping CPU on those reads, and on two cores that CPU is taken from the calls (issue 20: down to 70 rather
    // than 80 halved the passes and took p99.9 from 57 to 43 us in the same sitting). The price: at the cap, a tenth
    // more of the oldest finished intents go before their retention, which the WARN already says is happening.
    static final int LOW_WATER_PERCENT = 70;
    private static final long WATCH_MILLIS = 100;
    private static final long WARN_SPACING_MILLIS = 60_000;

    private final ToolRuntime runtime;
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(AgentThreads.named("intentguard-housekeeping"));
    private final AtomicBoolean woken = new AtomicBoolean();
    /** The JVM is stopping and the store closes next: a round cut short by the close is not worth a WARN. */
    private volatile boolean stopping;
    /** Finished intents removed before their retention since the last WARN, and when that WARN was. */
    private long evictedUnsaid;
    private long evictionSaidAt = -WARN_SPACING_MILLIS;

    Sweeper(ToolRuntime runtime) {
        this.runtime = runtime;
    }

    void start() {
        long every = Math.max(1, runtime.config().reconcile().interval().toMillis());
        thread.scheduleWithFixedDelay(this::sweepQuietly, every, every, TimeUnit.MILLISECONDS);
        thread.scheduleWithFixedDelay(this::keepRoomQuietly, WATCH_MILLIS, WATCH_MILLIS, TimeUnit.MILLISECONDS);
    }

    void stop() {
        stopping = true;
        thread.shutdownNow();
        try {
            thread.awaitTermination(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A claim found the store full: make room now rather than at the next watch (at most one extra round queued). */
    void wake() {
        if (woken.compareAndSet(false, true)) {
            try {
                thread.execute(() -> {
                    woken.set(false);
                    keepRoomQuietly();
                });
            } catch (RuntimeException stopped) {
                woken.set(false);
            }
        }
    }

    private void sweepQuietly() {
        IntentStore store = runtime.store().ifOpen();
        if (store == null) {
            return;
        }
        try {
            sweep(store);
        } catch (RuntimeException e) {
            if (stopping) {
                return;
            }
            runtime.log().warn("the retention sweep of {} failed ({}); the next round tries again", store.describe(),
                    String.valueOf(e));
        }
    }

    private void keepRoomQuietly() {
        IntentStore store = runtime.store().ifOpen();
        if (store == null || store.capacity() == Long.MAX_VALUE) {
            return;
        }
        try {
            keepRoom(store);
        } catch (RuntimeException e) {
            if (stopping) {
                return;
            }
            runtime.log().warn("making room in {} failed ({}); the next round tries again", store.describe(),
                    String.valueOf(e));
        }
    }

    /** Removes the finished intents older than the retention; returns how many. */
    int sweep(IntentStore store) {
        long cutoff = retentionCutoff();
        // A shared store expires finished intents itself (Redis TTL) or in batches on its server (PostgreSQL).
        int removed = store instanceof FleetStore ? ((FleetStore) store).sweepFinished(cutoff)
                : store.removeFinishedBefore(cutoff);
        if (removed > 0) {
            runtime.log().info("removed {} finished intents older than store.retention ({})", removed,
                    runtime.config().store().retention());
        }
        return removed;
    }

    /**
     * Past the high-water mark: removes the finished intents older than the retention, and as many of the oldest other
     * finished ones as it takes to reach the low-water mark, in one pass. Returns how many it removed.
     */
    int keepRoom(IntentStore store) {
        long capacity = store.capacity();
        long size = store.size();
        if (size < percent(capacity, HIGH_WATER_PERCENT)) {
            return 0;
        }
        long lowWater = percent(capacity, LOW_WATER_PERCENT);
        long retention = retentionCutoff();
        long cutoff = Math.max(retention, store.finishedCutoff(size - lowWater));
        int removed = store.removeFinishedBefore(cutoff);
        if (cutoff > retention) {
            sayEvicted(store, removed, size, capacity);
        }
        return removed;
    }

    /** At most one WARN a minute, with every eviction since the last: a store kept at its cap evicts ten times a second. */
    private void sayEvicted(IntentStore store, int removed, long size, long capacity) {
        evictedUnsaid += removed;
        long now = runtime.now();
        if (now - evictionSaidAt < WARN_SPACING_MILLIS) {
            return;
        }
        evictionSaidAt = now;
        runtime.log().warn("the intent store {} held {} intents, past {}% of store.max-intents ({}): removed {} of the "
                + "oldest finished intents before their retention ({}) since the last such line; repeats of those would "
                + "run again. Raise store.max-intents (a new store file) or shorten store.retention if this recurs",
                store.describe(), size, HIGH_WATER_PERCENT, capacity, evictedUnsaid, runtime.config().store().retention());
        evictedUnsaid = 0;
    }

    private static long percent(long capacity, int percent) {
        return capacity / 100 * percent + capacity % 100 * percent / 100;
    }

    private long retentionCutoff() {
        return runtime.now() - runtime.config().store().retention().toMillis();
    }
}
