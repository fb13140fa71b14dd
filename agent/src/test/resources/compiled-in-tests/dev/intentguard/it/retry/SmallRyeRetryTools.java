package dev.intentguard.it.retry;

import dev.intentguard.it.app.Provider;
import io.smallrye.faulttolerance.api.Guard;

import java.time.temporal.ChronoUnit;
import java.util.Map;

/**
 * A refund tool with SmallRye Fault Tolerance's retry inside, around the provider call (2 retries, 100 ms apart): the
 * programmatic {@code Guard}, built on the same {@code Retry} strategy as MicroProfile's {@code @Retry} in Quarkus. The
 * provider is called with HttpURLConnection and a read timeout of {@code provider.timeout.ms}.
 *
 * <p>Compiled by the test that runs it (SmallRyeRetryScenarios), against the version under test.
 */
public class SmallRyeRetryTools {
    static final Guard GUARD = Guard.create().withRetry().maxRetries(2).delay(100, ChronoUnit.MILLIS).done().build();

    static String refund(String orderId, String path) throws Exception {
        return GUARD.call(() -> Provider.post(path, "{\"order\":\"" + orderId + "\"}"), String.class);
    }

    /** side_effect tool: the guard's retry inside, around the provider call. */
    public String refundWithRetry(String orderId, String path) throws Exception {
        return refund(orderId, path);
    }

    /** {@code tool|ORDER|PATH} (the tool), {@code plain|ORDER|PATH} (the same call outside any tool). */
    public static void main(String[] args) {
        SmallRyeRetryTools tools = new SmallRyeRetryTools();
        ScriptedApp.run(args, Map.of(
                "tool", f -> tools.refundWithRetry(f[1], f[2]),
                "plain", f -> refund(f[1], f[2])));
    }
}
