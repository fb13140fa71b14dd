package dev.intentguard.bridge;

/**
 * One guarded tool call, from method entry to exit. The agent core subclasses it; the advice only sees
 * this type. A frame that lets the body run is the thread's {@link IntentScope} while the body runs.
 */
public abstract class ToolFrame {
    private boolean replaced;
    private Object value;
    private Throwable thrown;

    /** {@code true} when the body must not run (the answer is already known). */
    public abstract boolean skipBody();

    /** The tool's stable name. */
    public abstract String toolName();

    /** The intent key ({@code ig1:<tool>:<hash>}), or {@code null} when the call is not keyed. */
    public abstract String intentKey();

    /** {@code true} for a {@code side_effect} call: the HTTP layer sends each of its requests at most once. */
    public boolean sideEffect() {
        return false;
    }

    /** The agent's record of this call's requests (their keys, what the wire showed); opaque here. */
    public Object wire() {
        return null;
    }

    /**
     * Called when the body has run and ended, before {@link #exit}: {@code true} makes the woven method run its body once
     * more, in this frame (a retry the agent owns); the default never does.
     */
    protected boolean again(Object returned, Throwable thrown) {
        return false;
    }

    /**
     * Called on exit with what the body returned or threw (both {@code null}/default when skipped).
     * Implementations decide the answer with {@link #answer} or {@link #answerThrowing}.
     */
    protected abstract void exit(Object returned, Throwable thrown);

    private volatile boolean over;

    /**
     * Whether the tool method has returned or thrown. A frame carried on an object that outlives the call (a Reactor
     * subscription chain) must not be taken for the scope of work done after it.
     */
    public final boolean over() {
        return over;
    }

    final void markOver() {
        over = true;
    }

    /** The caller receives {@code value} as the method's return value. */
    protected final void answer(Object value) {
        this.replaced = true;
        this.value = value;
        this.thrown = null;
    }

    /**
     * The caller receives {@code error} as if the method had thrown it. {@code placeholder} is the
     * return slot's value meanwhile: the boxed zero of a primitive return type, else {@code null}.
     */
    protected final void answerThrowing(Throwable error, Object placeholder) {
        this.replaced = true;
        this.value = placeholder;
        this.thrown = error;
    }

    final boolean replaced() {
        return replaced;
    }

    final Object value() {
        return value;
    }

    final Throwable thrown() {
        return thrown;
    }
}
