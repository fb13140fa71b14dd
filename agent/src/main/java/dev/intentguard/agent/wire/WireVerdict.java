package dev.intentguard.agent.wire;

/** What the wire proves about a call's effect, from the last attempt of each of its write requests. */
public final class WireVerdict {
    /** The kinds of proof. */
    public enum Kind {
        /** No write request was seen: the wire says nothing. */
        NO_EVIDENCE,
        /** Every write got a success response. */
        SUCCEEDED,
        /** Every write definitely did not take effect: not sent, or refused with a definite client error. */
        FAILED,
        /** Some write may have taken effect: no response, an ambiguous status, or a partial success. */
        UNKNOWN
    }

    private final Kind kind;
    private final String reason;

    WireVerdict(Kind kind, String reason) {
        this.kind = kind;
        this.reason = reason;
    }

    public Kind kind() {
        return kind;
    }

    /** In words, for the intent log. */
    public String reason() {
        return reason;
    }

    @Override
    public String toString() {
        return kind + ": " + reason;
    }
}
