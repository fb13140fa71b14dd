package dev.intentguard.junit;

import dev.intentguard.api.ToolStatus;

import java.util.Map;

/** One guarded tool call as the agent saw it end: the intent, and the status the caller (the model) was given. */
public final class GuardedCall {
    private final String tool;
    private final String intentKey;
    private final String effect;
    private final String answer;
    private final String outcome;
    private final boolean ran;
    private final boolean repeat;
    private final int sentRequests;
    private final int suppressedRequests;

    GuardedCall(Map<String, Object> c) {
        this.tool = (String) c.get("tool");
        this.intentKey = (String) c.get("key");
        this.effect = (String) c.get("effect");
        this.answer = (String) c.get("answer");
        this.outcome = (String) c.get("outcome");
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

    /**
     * The status the caller was told. When the tool's own result or exception went back (the agent let the body's
     * answer stand), it is what that answer means: the exception {@code FAILED}, a result {@code DONE}, or
     * {@code FAILED} when the agent judged the call failed (a refused connection, a status that proves nothing was
     * processed).
     */
    public ToolStatus status() {
        if ("error".equals(answer)) {
            return ToolStatus.FAILED;
        }
        if ("result".equals(answer)) {
            return "failed".equals(outcome) ? ToolStatus.FAILED : ToolStatus.DONE;
        }
        return ToolStatus.ofWireName(answer);
    }

    /**
     * What the agent recorded as the answer: a status's name ({@code pending_unknown}, ...), or {@code result} /
     * {@code error} when the tool's own result or exception went back to the caller.
     */
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
        ToolStatus status = status();
        return tool + " -> " + (status == null ? answer : status.wireName()) + (answer.equals("result") || answer.equals("error")
                ? " (the tool's own " + answer + ")" : "") + (ran ? " (ran" : " (did not run") + ", " + sentRequests + " request"
                + (sentRequests == 1 ? "" : "s") + (suppressedRequests > 0 ? ", " + suppressedRequests + " resend(s) stopped" : "")
                + (repeat ? ", a repeat" : "") + ") intent " + intentKey;
    }
}
