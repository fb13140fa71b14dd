package dev.intentguard.bridge;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;

/**
 * The id a framework gave one tool call (an MCP JSON-RPC request id), carried from where the framework reads the
 * request to where the tool runs, which may be another thread: {@link #begin} on the thread that reads the request,
 * {@link #attach} to the call's own object (the tool request) where it is made, {@link #take} where the tool runs.
 * Carriers are matched by identity and held weakly; at most {@value #MAX} wait at a time. No method here throws.
 */
public final class CallIds {
    static final int MAX = 256;
    private static final ThreadLocal<String> READING = new ThreadLocal<>();
    private static final List<Entry> WAITING = new ArrayList<>();

    private CallIds() {
    }

    /** The request with {@code id} is being read on this thread; returns the id read before, for {@link #end}. */
    public static String begin(Object id) {
        String previous = READING.get();
        READING.set(id == null ? null : String.valueOf(id));
        return previous;
    }

    /** Restores what {@link #begin} returned. */
    public static void end(String previous) {
        if (previous == null) {
            READING.remove();
        } else {
            READING.set(previous);
        }
    }

    /** Gives {@code carrier} the id of the request being read on this thread, if any. */
    public static void attach(Object carrier) {
        String id = READING.get();
        if (id == null || carrier == null) {
            return;
        }
        synchronized (WAITING) {
            for (int i = WAITING.size() - 1; i >= 0; i--) {
                if (WAITING.get(i).carrier.get() == null) {
                    WAITING.remove(i);
                }
            }
            if (WAITING.size() >= MAX) {
                WAITING.remove(0);
            }
            WAITING.add(new Entry(carrier, id));
        }
    }

    /** The id attached to {@code carrier}, removed; {@code null} if none. */
    public static String take(Object carrier) {
        if (carrier == null) {
            return null;
        }
        synchronized (WAITING) {
            for (int i = 0; i < WAITING.size(); i++) {
                Entry e = WAITING.get(i);
                if (e.carrier.get() == carrier) {
                    WAITING.remove(i);
                    return e.id;
                }
            }
        }
        return null;
    }

    private static final class Entry {
        final WeakReference<Object> carrier;
        final String id;

        Entry(Object carrier, String id) {
            this.carrier = new WeakReference<>(carrier);
            this.id = id;
        }
    }
}
