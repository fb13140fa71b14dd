package dev.intentguard.it.verdict;

/** Private state and nothing that exposes it: no key can be read from it. */
public final class OpaqueRequest {
    private final String orderId;

    public OpaqueRequest(String orderId) {
        this.orderId = orderId;
    }

    @Override
    public String toString() {
        return "order " + orderId;
    }
}
