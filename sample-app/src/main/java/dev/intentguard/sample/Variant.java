package dev.intentguard.sample;

import com.acme.support.ToolRetryPolicy;

/**
 * What the incident runs against: how the provider behaves and where the service's Resilience4j retry
 * sits. The default is the incident of the seed article; the other settings are there for the parts of
 * intentguard still being built (an {@code Idempotency-Key} per intent on outgoing HTTP; stopping retries
 * made inside a tool body), so their authors can run the same demo against them.
 *
 * @param provider the provider's behaviour
 * @param retry    where the Resilience4j retry sits in the service
 */
public record Variant(FakePaymentsProvider.Settings provider, ToolRetryPolicy.Placement retry) {
    /** The seed's incident: a slow provider that honours nothing, Resilience4j around each tool call. */
    public static Variant incident() {
        return new Variant(FakePaymentsProvider.Settings.incident(), ToolRetryPolicy.Placement.TOOL_CALL);
    }

    /**
     * The incident, changed by {@code -Ddemo.honour-idempotency-key=true} (the provider honours
     * {@code Idempotency-Key} like Stripe) and {@code -Ddemo.retry=payments-call} (Resilience4j inside the
     * tool, around the payments call).
     */
    public static Variant fromSystemProperties() {
        Variant v = incident();
        FakePaymentsProvider.Settings provider = Boolean.getBoolean("demo.honour-idempotency-key")
                ? v.provider().honouringIdempotencyKey() : v.provider();
        ToolRetryPolicy.Placement retry = "payments-call".equals(System.getProperty("demo.retry"))
                ? ToolRetryPolicy.Placement.PAYMENTS_CALL : ToolRetryPolicy.Placement.TOOL_CALL;
        return new Variant(provider, retry);
    }

    public Variant withRetry(ToolRetryPolicy.Placement placement) {
        return new Variant(provider, placement);
    }

    public Variant honouringIdempotencyKey() {
        return new Variant(provider.honouringIdempotencyKey(), retry);
    }

    /** The service's system property for the retry placement. */
    String retryProperty() {
        return retry == ToolRetryPolicy.Placement.PAYMENTS_CALL ? "payments-call" : "tool-call";
    }
}
