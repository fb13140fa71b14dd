package dev.intentguard.junit;

import dev.intentguard.api.ToolStatus;

import java.util.Map;

/** One guarded tool call as the agent saw it end: the intent, and the status the caller (the model) was given. */
public final class GuardedCall {
    private final String tool;
    private final String intentKey;
    private final String effect;
    private final String answer;
    private final boolean ran;
    private final boolean repeat;
    private final int sentRequests;
    private final int suppressedRequests;

    GuardedCall(Map<String, Object> c) {
        this.tool = (String) c.get("tool");
        this.intentKey = (String) c.get("key");
        this.effect = (String) c.get("effect");
        this.answer = (String) c.get("answer");
        this.ran = Boolean.TRUE.equals(c.get("ran"));
        this.repeat = Boolean.TRUE.equals(c.get("repeat"));
        this.sentRequests = ((Number) c.getOrDefault("sentRequests", 0)).intValue();
        this.suppressedRequests = ((Number) c.getOrDefault("suppressedRequests", 0)).intValue();
    }

    public String tool() {
        return tool;
    }

    /** The intent key: the same for every call of one business intent. */
    public String intentKey() {
        return intentKey;
    }

    /** {@code side_effect}, {@code idempotent} or {@code read}. */
    public String effect() {
        return effect;
    }

    /** The status the caller was given; {@code null} for an answer that is not one of them. */
    public ToolStatus status() {
        return ToolStatus.ofWireName(answer);
    }

    /** The status's name as the model read it ({@code pending_unknown}, ...). */
    public String answer() {
        return answer;
    }

    /** The tool's body ran in this call. */
    public boolean ran() {
        return ran;
    }

    /** Not the intent's first call. */
    public boolean repeat() {
        return repeat;
    }

    /** Requests this call sent (or may have sent) to a server. */
    public int sentRequests() {
        return sentRequests;
    }

    /** Resends of a client, SDK or framework that the agent stopped in this call. */
    public int suppressedRequests() {
        return suppressedRequests;
    }

    @Override
    public String toString() {
        return tool + " -> " + answer + (ran ? " (ran" : " (did not run") + ", " + sentRequests + " request"
                + (sentRequests == 1 ? "" : "s") + (suppressedRequests > 0 ? ", " + suppressedRequests + " resend(s) stopped" : "")
                + (repeat ? ", a repeat" : "") + ") intent " + intentKey;
    }
}
