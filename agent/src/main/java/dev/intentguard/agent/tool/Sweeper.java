package dev.intentguard.agent.tool;

import dev.intentguard.agent.store.FleetStore;
import dev.intentguard.agent.store.IntentRecord;
import dev.intentguard.agent.store.IntentStore;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Retention: finished intents (DONE, FAILED) are forgotten after {@code store.retention}; unknown and in-flight ones
 * never are (forgetting them would let a repeat run again). When the store is full, the oldest finished intents make
 * room first.
 */
final class Sweeper {
    private final ToolRuntime runtime;

    Sweeper(ToolRuntime runtime) {
        this.runtime = runtime;
    }

    /** Removes the finished intents older than the retention; returns how many. */
    int sweep(IntentStore store) {
        long cutoff = runtime.now() - runtime.config().store().retention().toMillis();
        if (store instanceof FleetStore) {
            // A shared store expires finished intents itself (Redis TTL) or in batches on its server (PostgreSQL).
            int removed = ((FleetStore) store).sweepFinished(cutoff);
            if (removed > 0) {
                runtime.log().info("removed {} finished intents older than store.retention ({})", removed,
                        runtime.config().store().retention());
            }
            return removed;
        }
        List<Map.Entry<String, IntentRecord>> expired = new ArrayList<>();
        store.forEach((key, record) -> {
            if (record.status().finished() && record.updatedAt() < cutoff) {
                expired.add(Map.entry(key, record));
            }
        });
        int removed = remove(store, expired);
        if (removed > 0) {
            runtime.log().info("removed {} finished intents older than store.retention ({})", removed,
                    runtime.config().store().retention());
        }
        return removed;
    }

    /** The store is full: removes the oldest finished intents (a tenth of the capacity); returns how many. */
    synchronized int makeRoom(IntentStore store) {
        List<Map.Entry<String, IntentRecord>> finished = new ArrayList<>();
        store.forEach((key, record) -> {
            if (record.status().finished()) {
                finished.add(Map.entry(key, record));
            }
        });
        finished.sort(Comparator.comparingLong(e -> e.getValue().updatedAt()));
        int room = (int) Math.max(1, Math.min(finished.size(), runtime.config().store().maxIntents() / 10));
        int removed = remove(store, finished.subList(0, Math.min(room, finished.size())));
        runtime.log().warn("the intent store is full: removed the {} oldest finished intents (of {}) before their "
                + "retention; raise store.max-intents if this recurs", removed, finished.size());
        return removed;
    }

    private static int remove(IntentStore store, List<Map.Entry<String, IntentRecord>> entries) {
        int removed = 0;
        for (Map.Entry<String, IntentRecord> e : entries) {
            if (store.remove(e.getKey(), e.getValue())) {
                removed++;
            }
        }
        return removed;
    }
}
