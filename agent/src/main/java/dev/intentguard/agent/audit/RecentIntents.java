package dev.intentguard.agent.audit;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The intents this JVM saw last, with the caller of their latest invocation and how often they were repeated: the
 * previous caller a repeat is compared with (more recent than the one the intent record keeps, which is the caller
 * of the attempt that claimed it), and the count the duplicate warning gives. Bounded: the least recently used
 * intent is forgotten first (its record still knows its first caller).
 */
final class RecentIntents {
    /** What is known about one intent before the current call. */
    static final class Seen {
        final CallerSnapshot last;
        /** Repeats of the intent counted up to and including the call that left this. */
        final int repeats;

        Seen(CallerSnapshot last, int repeats) {
            this.last = last;
            this.repeats = repeats;
        }
    }

    private final int capacity;
    private final Map<String, Seen> seen;

    RecentIntents(int capacity) {
        this.capacity = capacity;
        this.seen = new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Seen> eldest) {
                return size() > RecentIntents.this.capacity;
            }
        };
    }

    /**
     * Remembers this call of {@code key}; returns what was known before it, or {@code null} for a first sight here.
     * {@code knownRepeat}: the store already has a record of the intent, so an unseen intent's earlier invocations
     * were elsewhere or not remembered (a first call that recorded the intent is not: its record keeps its caller),
     * and this call is at least its first repeat.
     */
    synchronized Seen remember(String key, CallerSnapshot caller, boolean knownRepeat) {
        Seen before = seen.put(key, new Seen(caller, knownRepeat ? 1 : 0));   // one lookup when it is new here
        if (before != null) {
            seen.put(key, new Seen(caller, before.repeats + 1));
        }
        return before;
    }

    synchronized void clear() {
        seen.clear();
    }

    synchronized int size() {
        return seen.size();
    }
}
