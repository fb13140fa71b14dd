package dev.intentguard.bridge;

import java.lang.ref.ReferenceQueue;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The guarded tool call a thread is running, if any. The HTTP and retry instrumentations read it to put
 * the intent key on outgoing requests. Work handed to another thread carries it along: either the object
 * that travels (a call, a request) is tagged with {@link #carry}, or the task is wrapped with {@link #wrap}.
 */
public final class IntentScope {
    private static final ThreadLocal<ToolFrame> CURRENT = new ThreadLocal<>();
    private static final ConcurrentHashMap<WeakIdentityKey, ToolFrame> CARRIED = new ConcurrentHashMap<>();
    private static final ReferenceQueue<Object> GONE = new ReferenceQueue<>();

    private IntentScope() {
    }

    /** The frame whose body this thread is running, or {@code null}. */
    public static ToolFrame current() {
        return CURRENT.get();
    }

    /**
     * Makes {@code frame} this thread's current scope and returns the previous one, to be given back to
     * {@link #exit} in a {@code finally} block.
     */
    public static ToolFrame enter(ToolFrame frame) {
        ToolFrame previous = CURRENT.get();
        CURRENT.set(frame);
        return previous;
    }

    /** Restores the scope that {@link #enter} returned. */
    public static void exit(ToolFrame previous) {
        if (previous == null) {
            CURRENT.set(null);                 // cheaper than remove(); the entry holds nothing
        } else {
            CURRENT.set(previous);
        }
    }

    /**
     * Tags {@code carrier} (compared by identity, held weakly) with {@code frame}, so that the thread that
     * later sends it finds the scope it was created in. A {@code null} frame does nothing.
     */
    public static void carry(Object carrier, ToolFrame frame) {
        if (carrier == null || frame == null) {
            return;
        }
        expunge();
        CARRIED.put(new WeakIdentityKey(carrier, GONE), frame);
    }

    /** The frame {@code carrier} was tagged with, or {@code null}. */
    public static ToolFrame carried(Object carrier) {
        if (carrier == null || CARRIED.isEmpty()) {
            return null;
        }
        return CARRIED.get(new WeakIdentityKey(carrier, null));
    }

    /** The frame {@code carrier} was tagged with, untagging it: a one-time hand-over. {@code null} if none. */
    public static ToolFrame take(Object carrier) {
        if (carrier == null || CARRIED.isEmpty()) {
            return null;
        }
        return CARRIED.remove(new WeakIdentityKey(carrier, null));
    }

    /** {@code task} running in the current thread's scope, wherever it runs; {@code task} itself outside a scope. */
    public static Runnable wrap(Runnable task) {
        ToolFrame frame = CURRENT.get();
        if (frame == null || task == null || task instanceof Scoped) {
            return task;
        }
        return new Scoped(task, frame);
    }

    private static void expunge() {
        for (Object gone; (gone = GONE.poll()) != null; ) {
            CARRIED.remove(gone);
        }
    }

    /** A task that runs in the scope it was created in. */
    private static final class Scoped implements Runnable {
        private final Runnable task;
        private final ToolFrame frame;

        Scoped(Runnable task, ToolFrame frame) {
            this.task = task;
            this.frame = frame;
        }

        @Override
        public void run() {
            ToolFrame previous = enter(frame);
            try {
                task.run();
            } finally {
                exit(previous);
            }
        }
    }
}
