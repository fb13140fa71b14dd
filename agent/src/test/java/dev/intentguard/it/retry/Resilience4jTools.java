package dev.intentguard.it.retry;

import dev.intentguard.it.app.Provider;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Tools of a payments agent that use a Resilience4j {@code Retry} (3 attempts, any exception, 100 ms apart)
 * in the two places services put one: inside the tool, around the provider call ({@link #refundInBody}), and
 * around the tool call itself (the {@code around} command wraps {@link #refundTyped}). The provider is called
 * with HttpURLConnection and a read timeout of {@code provider.timeout.ms}.
 */
public class Resilience4jTools {
    static final RetryConfig THREE_ATTEMPTS = RetryConfig.custom().maxAttempts(3).waitDuration(Duration.ofMillis(100)).build();
    private static final Retry PAYMENTS = Retry.of("payments-call", THREE_ATTEMPTS);
    private static final Retry TOOL_CALL = Retry.of("tool-call", THREE_ATTEMPTS);
    private static final Retry ASYNC = Retry.of("payments-async", THREE_ATTEMPTS);
    private static final java.util.concurrent.ScheduledExecutorService SCHEDULER =
            java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "retry-scheduler");
                t.setDaemon(true);
                return t;
            });

    /** side_effect tool: the retry sits inside, around the provider call. */
    public String refundInBody(String orderId, String path) throws Throwable {
        return PAYMENTS.executeCheckedSupplier(() -> Provider.post(path, "{\"order\":\"" + orderId + "\"}"));
    }

    /**
     * side_effect tool: an asynchronous retry inside ({@code executeCompletionStage}), around a provider call made on
     * the common pool ({@code supplyAsync}), waited for.
     */
    public String refundAsync(String orderId, String path) throws Exception {
        return ASYNC.executeCompletionStage(SCHEDULER, () -> java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return Provider.post(path, "{\"order\":\"" + orderId + "\"}");
            } catch (IOException e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        })).toCompletableFuture().get();
    }

    /** side_effect tool with a typed result: the agent answers a status with an exception (OutcomeUnknownException). */
    public Integer refundTyped(String orderId, String path) throws IOException {
        return Provider.post(path, "{\"order\":\"" + orderId + "\"}").length();
    }

    /** The retry around the tool call: how many times the tool was invoked, and how it ended. */
    static String around(Resilience4jTools tools, String orderId, String path) {
        AtomicInteger invocations = new AtomicInteger();
        try {
            Integer length = TOOL_CALL.executeCheckedSupplier(() -> {
                invocations.incrementAndGet();
                return tools.refundTyped(orderId, path);
            });
            return "invocations=" + invocations + " returned=" + length;
        } catch (Throwable t) {
            return "invocations=" + invocations + " thrown=" + t.getClass().getName();
        }
    }

    /**
     * {@code inbody|ORDER|PATH} (the tool with the retry inside), {@code async|ORDER|PATH} (the same, asynchronous),
     * {@code around|ORDER|PATH} (the retry around the
     * typed tool), {@code plain|ORDER|PATH} (the retry around the provider call outside any tool).
     */
    public static void main(String[] args) {
        Resilience4jTools tools = new Resilience4jTools();
        ScriptedApp.run(args, Map.of(
                "inbody", f -> tools.refundInBody(f[1], f[2]),
                "async", f -> tools.refundAsync(f[1], f[2]),
                "around", f -> around(tools, f[1], f[2]),
                "plain", f -> PAYMENTS.executeCheckedSupplier(() -> Provider.post(f[2], "{\"order\":\"" + f[1] + "\"}"))));
    }
}
