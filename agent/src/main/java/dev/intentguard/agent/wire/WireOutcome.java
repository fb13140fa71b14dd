package dev.intentguard.agent.wire;

/** What the wire showed for one attempt of a request. */
public enum WireOutcome {
    /** Nothing reached the server. */
    NOT_SENT,
    /** Sent (or maybe sent) and no answer: timeout, reset. */
    NO_RESPONSE,
    /** The server answered. */
    RESPONSE,
    /** A resend the client would have made, stopped by the agent. */
    SUPPRESSED
}
