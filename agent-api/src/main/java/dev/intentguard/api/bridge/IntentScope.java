package dev.intentguard.api.bridge;

/**
 * The guarded tool call a thread is running, if any. The HTTP and retry instrumentations read it to put
 * the intent key on outgoing requests; async hand-offs carry it to other threads with {@link #enter}.
 */
public final class IntentScope {
    private static final ThreadLocal<ToolFrame> CURRENT = new ThreadLocal<>();

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
            CURRENT.remove();
        } else {
            CURRENT.set(previous);
        }
    }
}
