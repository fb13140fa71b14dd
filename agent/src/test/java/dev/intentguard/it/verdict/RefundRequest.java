package dev.intentguard.it.verdict;

/** A hand-written value class: private final fields, accessors named like them, no getters (as AutoValue and Immutables make them). */
public final class RefundRequest {
    private final String orderId;
    private final long amountCents;

    public RefundRequest(String orderId, long amountCents) {
        this.orderId = orderId;
        this.amountCents = amountCents;
    }

    public String orderId() {
        return orderId;
    }

    public long amountCents() {
        return amountCents;
    }

    /** Computed, not state: never part of a key. */
    public String describe() {
        return "refund " + orderId + " of " + amountCents;
    }

    @Override
    public String toString() {
        return describe();
    }
}
