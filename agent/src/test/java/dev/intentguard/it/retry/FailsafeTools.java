package dev.intentguard.it.retry;

import dev.failsafe.Failsafe;
import dev.failsafe.RetryPolicy;
import dev.intentguard.it.app.Provider;

import java.time.Duration;
import java.util.Map;

/**
 * Tools of a payments agent that use a Failsafe {@code RetryPolicy} (2 retries, 100 ms apart, any exception) inside
 * the tool, around the provider call, synchronously ({@code get}) and asynchronously ({@code getAsync}, waited for).
 * The provider is called with HttpURLConnection and a read timeout of {@code provider.timeout.ms}.
 */
public class FailsafeTools {
    static final RetryPolicy<String> POLICY = RetryPolicy.<String>builder().withMaxRetries(2)
            .withDelay(Duration.ofMillis(100)).build();

    /** side_effect tool: {@code Failsafe.with(policy).get(...)} around the provider call. */
    public String refund(String orderId, String path) {
        return Failsafe.with(POLICY).get(() -> Provider.post(path, "{\"order\":\"" + orderId + "\"}"));
    }

    /** side_effect tool: {@code getAsync(...)} around the provider call, waited for. */
    public String refundAsync(String orderId, String path) throws Exception {
        return Failsafe.with(POLICY).getAsync(() -> Provider.post(path, "{\"order\":\"" + orderId + "\"}")).get();
    }

    /** {@code sync|ORDER|PATH}, {@code async|ORDER|PATH} (the tools), {@code plain|ORDER|PATH} (sync, outside a tool). */
    public static void main(String[] args) {
        FailsafeTools tools = new FailsafeTools();
        ScriptedApp.run(args, Map.of(
                "sync", f -> tools.refund(f[1], f[2]),
                "async", f -> tools.refundAsync(f[1], f[2]),
                "plain", f -> Failsafe.with(POLICY).get(() -> Provider.post(f[2], "{\"order\":\"" + f[1] + "\"}"))));
    }
}
