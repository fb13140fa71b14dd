package dev.intentguard.it.audit;

import io.github.resilience4j.core.functions.CheckedSupplier;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The host of the retry-layer audit: {@link RetriedRefunds#refund} under a Resilience4j Retry with 3 attempts, one
 * command per argument ('|'-separated):
 * <pre>
 * retry|ORDER|PATH    the refund tool under Retry(maxAttempts 3)
 * </pre>
 * Prints {@code RESULT retry <value>} or {@code THROWN retry <class>: <message>}, and {@code INVOCATIONS n}: how often
 * Resilience4j called the decorated supplier.
 */
public final class RetryLayersApp {
    private RetryLayersApp() {
    }

    public static void main(String[] args) throws InterruptedException {
        run(args);
        // A host that lives on after its calls (the agent's background rounds and the host's exporters then run).
        Thread.sleep(Long.getLong("app.linger.ms", 0));
        System.exit(0);
    }

    /** Runs the commands and prints what they did; the OkHttp client is shut down after. */
    static void run(String[] args) {
        RetriedRefunds tools = new RetriedRefunds();
        Retry retry = Retry.of("refunds", RetryConfig.custom().maxAttempts(3).waitDuration(Duration.ofMillis(50))
                .retryExceptions(Throwable.class).build());
        AtomicInteger invocations = new AtomicInteger();
        for (String arg : args) {
            String[] f = arg.split("\\|", -1);
            try {
                if (!f[0].equals("retry")) {
                    throw new IllegalArgumentException("unknown command " + f[0]);
                }
                CheckedSupplier<Receipt> call = Retry.decorateCheckedSupplier(retry, () -> {
                    invocations.incrementAndGet();
                    return tools.refund(f[1], f[2]);
                });
                System.out.println("RESULT " + f[0] + " " + call.get());
            } catch (Throwable t) {
                System.out.println("THROWN " + f[0] + " " + t.getClass().getName() + ": " + t.getMessage());
            }
        }
        System.out.println("INVOCATIONS " + invocations.get());
        RetriedRefunds.CLIENT.dispatcher().executorService().shutdown();
        RetriedRefunds.CLIENT.connectionPool().evictAll();
    }
}
