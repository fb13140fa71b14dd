package dev.intentguard.it.retry;

import dev.intentguard.it.app.Provider;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.retry.RetryCallback;
import org.springframework.retry.RetryContext;
import org.springframework.retry.RetryListener;
import org.springframework.retry.annotation.Backoff;
import org.springframework.retry.annotation.EnableRetry;
import org.springframework.retry.annotation.Retryable;
import org.springframework.retry.support.RetryTemplate;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Tools of a payments agent that use Spring Retry (3 attempts, any exception, 100 ms apart) in the two places
 * services put it, each with a {@code RetryTemplate} and with {@code @Retryable} beans of a Spring context
 * ({@code @EnableRetry}, interface proxies): inside the tool around the provider call, and around the tool call.
 * The provider is called with HttpURLConnection and a read timeout of {@code provider.timeout.ms}.
 */
public class SpringRetryTools {
    static final RetryTemplate TEMPLATE = RetryTemplate.builder().maxAttempts(3).fixedBackoff(100).build();

    /** The provider call, retried by {@code @Retryable}. */
    public interface Payments {
        String refund(String orderId, String path) throws IOException;
    }

    /** A tool as a Spring bean behind {@code @Retryable}. */
    public interface Refunds {
        Integer refundTyped(String orderId, String path) throws IOException;
    }

    public static class RetryingPayments implements Payments {
        @Override
        @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 100), listeners = "attempts")
        public String refund(String orderId, String path) throws IOException {
            return Provider.post(path, "{\"order\":\"" + orderId + "\"}");
        }
    }

    /** Its {@code refundTyped} is a side_effect tool, retried from the outside by the proxy. */
    public static class RetryingRefunds implements Refunds {
        @Override
        @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 100), listeners = "attempts")
        public Integer refundTyped(String orderId, String path) throws IOException {
            return Provider.post(path, "{\"order\":\"" + orderId + "\"}").length();
        }
    }

    /** Counts failed attempts of {@code @Retryable} methods. */
    public static class Attempts implements RetryListener {
        final AtomicInteger failures = new AtomicInteger();

        @Override
        public <T, E extends Throwable> void onError(RetryContext context, RetryCallback<T, E> callback, Throwable throwable) {
            failures.incrementAndGet();
        }
    }

    @Configuration
    @EnableRetry
    public static class Config {
        @Bean
        public Payments payments() {
            return new RetryingPayments();
        }

        @Bean
        public Refunds refunds() {
            return new RetryingRefunds();
        }

        @Bean
        public Attempts attempts() {
            return new Attempts();
        }
    }

    private final Payments payments;

    SpringRetryTools(Payments payments) {
        this.payments = payments;
    }

    /** side_effect tool: a RetryTemplate inside, around the provider call. */
    public String refundWithTemplate(String orderId, String path) throws IOException {
        return TEMPLATE.execute(context -> Provider.post(path, "{\"order\":\"" + orderId + "\"}"));
    }

    /** side_effect tool: a {@code @Retryable} bean inside, around the provider call. */
    public String refundWithRetryable(String orderId, String path) throws IOException {
        return payments.refund(orderId, path);
    }

    /** side_effect tool with a typed result, wrapped from the outside by the {@code around-template} command. */
    public Integer refundTyped(String orderId, String path) throws IOException {
        return Provider.post(path, "{\"order\":\"" + orderId + "\"}").length();
    }

    static String aroundTemplate(SpringRetryTools tools, String orderId, String path) {
        AtomicInteger invocations = new AtomicInteger();
        try {
            Integer length = TEMPLATE.execute(context -> {
                invocations.incrementAndGet();
                return tools.refundTyped(orderId, path);
            });
            return "invocations=" + invocations + " returned=" + length;
        } catch (Throwable t) {
            return "invocations=" + invocations + " thrown=" + t.getClass().getName();
        }
    }

    static String aroundRetryable(Refunds refunds, Attempts attempts, String orderId, String path) {
        int before = attempts.failures.get();
        try {
            Integer length = refunds.refundTyped(orderId, path);
            return "failures=" + (attempts.failures.get() - before) + " returned=" + length;
        } catch (Throwable t) {
            return "failures=" + (attempts.failures.get() - before) + " thrown=" + t.getClass().getName();
        }
    }

    /**
     * {@code template|ORDER|PATH} and {@code retryable|ORDER|PATH} (tools with the retry inside),
     * {@code around-template|ORDER|PATH} and {@code around-retryable|ORDER|PATH} (the retry around a typed tool),
     * {@code plain|ORDER|PATH} (the template around the provider call outside any tool).
     */
    public static void main(String[] args) {
        AnnotationConfigApplicationContext spring = new AnnotationConfigApplicationContext(Config.class);
        SpringRetryTools tools = new SpringRetryTools(spring.getBean(Payments.class));
        Refunds refunds = spring.getBean(Refunds.class);
        Attempts attempts = spring.getBean(Attempts.class);
        ScriptedApp.run(args, Map.of(
                "template", f -> tools.refundWithTemplate(f[1], f[2]),
                "retryable", f -> tools.refundWithRetryable(f[1], f[2]),
                "around-template", f -> aroundTemplate(tools, f[1], f[2]),
                "around-retryable", f -> aroundRetryable(refunds, attempts, f[1], f[2]),
                "plain", f -> TEMPLATE.execute(context -> Provider.post(f[2], "{\"order\":\"" + f[1] + "\"}"))));
    }
}
