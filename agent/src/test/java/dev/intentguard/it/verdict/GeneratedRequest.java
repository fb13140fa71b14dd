package dev.intentguard.it.verdict;

/**
 * What AutoValue generates: an abstract class with abstract accessors, and a package-private subclass holding the
 * fields (AutoValue_GeneratedRequest).
 */
public abstract class GeneratedRequest {
    public abstract String orderId();

    public static GeneratedRequest of(String orderId) {
        return new AutoValue_GeneratedRequest(orderId);
    }
}

final class AutoValue_GeneratedRequest extends GeneratedRequest {
    private final String orderId;

    AutoValue_GeneratedRequest(String orderId) {
        this.orderId = orderId;
    }

    @Override
    public String orderId() {
        return orderId;
    }
}
