package dev.intentguard.agent.store;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The intents, by key. Transitions are atomic: {@link #putIfAbsent} claims a new intent,
 * {@link #replace} moves one from a known record to the next, so two callers (threads or processes)
 * never both win.
 */
public interface IntentStore extends AutoCloseable {

    /** The record for {@code key}, or {@code null}. */
    IntentRecord get(String key);

    /** Stores {@code record} if {@code key} has none; {@code true} if this call stored it. Throws {@link StoreFullException}. */
    default boolean putIfAbsent(String key, IntentRecord record) {
        return claimOrGet(key, record) == null;
    }

    /**
     * In one atomic step: stores {@code record} if {@code key} has none and returns {@code null}, or returns the record
     * already there. A full store throws {@link StoreFullException} only when it would have to store.
     */
    IntentRecord claimOrGet(String key, IntentRecord record);

    /** Swaps {@code expected} for {@code next}; {@code true} if the stored record was still {@code expected}. */
    boolean replace(String key, IntentRecord expected, IntentRecord next);

    /** Removes the record if it is still {@code expected}; {@code true} if this call removed it. */
    boolean remove(String key, IntentRecord expected);

    /** Every intent, for the command-line tools; may see concurrent changes. */
    void forEach(BiConsumer<String, IntentRecord> action);

    /** Every intent whose outcome is unknown (for the reconciler); a shared store reads an index, not every intent. */
    default void forEachUnknown(BiConsumer<String, IntentRecord> action) {
        forEach((key, record) -> {
            if (record.unknown()) {
                action.accept(key, record);
            }
        });
    }

    /**
     * This JVM claimed {@code key} (its record is IN_FLIGHT and ours) and runs the call now: a shared store keeps the
     * claim's lease alive until the returned handle is closed. Owners on this host are seen alive in the process
     * table, so the file store has nothing to keep.
     */
    default Lease hold(String key) {
        return Lease.NONE;
    }

    /** A claim kept alive while its call runs. */
    interface Lease extends AutoCloseable {
        Lease NONE = () -> { };

        @Override
        void close();
    }

    long size();

    /** The most intents it may hold ({@code store.max-intents}); {@link Long#MAX_VALUE} for a store without a cap. */
    default long capacity() {
        return Long.MAX_VALUE;
    }

    /**
     * Removes the finished intents (DONE, FAILED) last updated before {@code cutoffMillis}, and nothing else (an unknown
     * or in-flight intent never goes: a repeat of it would run again); returns how many it removed.
     */
    default int removeFinishedBefore(long cutoffMillis) {
        List<Map.Entry<String, IntentRecord>> expired = new ArrayList<>();
        forEach((key, record) -> {
            if (record.status().finished() && record.updatedAt() < cutoffMillis) {
                expired.add(Map.entry(key, record));
            }
        });
        int removed = 0;
        for (Map.Entry<String, IntentRecord> e : expired) {
            if (remove(e.getKey(), e.getValue())) {
                removed++;
            }
        }
        return removed;
    }

    /**
     * The update time before which lie about {@code count} of the finished intents, the oldest ones (more when several
     * finished in the same millisecond as the last of them):
     * {@link Long#MIN_VALUE} if there is none, {@link Long#MAX_VALUE} if there are no more than {@code count}. A large
     * store may estimate it from a sample.
     */
    default long finishedCutoff(long count) {
        List<Long> times = new ArrayList<>();
        forEach((key, record) -> {
            if (record.status().finished()) {
                times.add(record.updatedAt());
            }
        });
        if (times.isEmpty() || count <= 0) {
            return Long.MIN_VALUE;
        }
        if (count >= times.size()) {
            return Long.MAX_VALUE;
        }
        Collections.sort(times);
        return times.get((int) count - 1) + 1;       // the count-th oldest goes, and any finished in its millisecond
    }

    /** Where it lives, for messages. */
    String describe();

    @Override
    void close();
}
