package dev.intentguard.bridge;

/**
 * What an agent framework knows about the tool call the current thread is about to make: the tool-call id the model
 * gave it, the conversation (memory id) and the turn (one user message and everything the model does for it), and
 * the framework's name. Advice in LangChain4j, Spring AI or an MCP server sets it around the tool invocation; the agent
 * reads it when the guarded call begins, to tell which layer repeated an intent (model, user, framework).
 *
 * <p>Values are opaque strings; {@code null} when unknown. Nothing here is ever sent anywhere or logged raw.
 */
public final class CallerContext {
    private static final ThreadLocal<CallerContext> CURRENT = new ThreadLocal<>();

    private final String toolCallId;
    private final String conversationId;
    private final String turnId;
    private final String framework;

    private CallerContext(String toolCallId, String conversationId, String turnId, String framework) {
        this.toolCallId = toolCallId;
        this.conversationId = conversationId;
        this.turnId = turnId;
        this.framework = framework;
    }

    /** The context of the current thread, or {@code null}. */
    public static CallerContext current() {
        return CURRENT.get();
    }

    /**
     * Sets the context for the tool call about to run on this thread and returns the previous one, to give back to
     * {@link #exit} in a {@code finally} block. A {@code null} argument keeps what an outer context knew.
     */
    public static CallerContext enter(String toolCallId, String conversationId, String turnId, String framework) {
        CallerContext previous = CURRENT.get();
        CURRENT.set(new CallerContext(
                toolCallId != null ? toolCallId : previous == null ? null : previous.toolCallId,
                conversationId != null ? conversationId : previous == null ? null : previous.conversationId,
                turnId != null ? turnId : previous == null ? null : previous.turnId,
                framework != null ? framework : previous == null ? null : previous.framework));
        return previous;
    }

    /** Restores the context {@link #enter} returned. */
    public static void exit(CallerContext previous) {
        if (previous == null) {
            CURRENT.remove();
        } else {
            CURRENT.set(previous);
        }
    }

    public String toolCallId() {
        return toolCallId;
    }

    public String conversationId() {
        return conversationId;
    }

    public String turnId() {
        return turnId;
    }

    public String framework() {
        return framework;
    }
}
