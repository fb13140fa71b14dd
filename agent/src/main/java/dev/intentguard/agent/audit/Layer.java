package dev.intentguard.agent.audit;

/**
 * Which retry layer produced a repeat of an intent. Decided from evidence only (the caller's context, the stack, the
 * wire); without evidence a repeat is {@link #UNATTRIBUTED}, never guessed.
 */
public enum Layer {
    /** The same intent under a new tool-call id in the same conversation (and turn): the model called again. */
    MODEL("model"),
    /**
     * The same tool invocation run again by a retry library (Resilience4j, Spring Retry): its advice marked the thread
     * when it decided to run the decorated call again (a decorator merely on the stack proves nothing).
     */
    FRAMEWORK("framework"),
    /** A request sent again within one invocation by the HTTP client or an SDK. */
    CLIENT("client"),
    /** The same intent from another conversation or another turn: a person asked again. */
    USER("user"),
    /** A repeat without evidence of who made it. */
    UNATTRIBUTED("unattributed");

    private final String wireName;

    Layer(String wireName) {
        this.wireName = wireName;
    }

    /** The name in the journal, the report, JFR and JMX. */
    public String wireName() {
        return wireName;
    }

    /** The layer with this name, or {@code null}. */
    public static Layer of(String name) {
        for (Layer l : values()) {
            if (l.wireName.equals(name)) {
                return l;
            }
        }
        return null;
    }
}
