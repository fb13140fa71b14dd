package dev.intentguard.it.retry;

import dev.intentguard.it.app.Provider;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.retry.RetryPolicy;
import org.springframework.core.retry.RetryTemplate;
import org.springframework.resilience.annotation.EnableResilientMethods;
import org.springframework.resilience.annotation.Retryable;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;

/**
 * Tools of a payments agent that use Spring Framework 7's own retry (2 retries, 100 ms apart) inside the tool, around
 * the provider call: a {@code RetryTemplate} with a policy from {@code RetryPolicy.builder()}, and a {@code @Retryable}
 * bean method ({@code @EnableResilientMethods}). The provider is called with HttpURLConnection and a read timeout of
 * {@code provider.timeout.ms}.
 *
 * <p>Compiled by the test that runs it (SpringFrameworkRetryScenarios), against the Spring version under test: the
 * agent's own test class path has Spring 6.
 */
public class SpringFrameworkRetryTools {
    static final RetryTemplate TEMPLATE = new RetryTemplate(RetryPolicy.builder().maxRetries(2)
            .delay(Duration.ofMillis(100)).build());

    /** The provider call, retried by {@code @Retryable}. */
    public static class Payments {
        @Retryable(maxRetries = 2, delay = 100)
        public String refund(String orderId, String path) throws IOException {
            return Provider.post(path, "{\"order\":\"" + orderId + "\"}");
        }
    }

    @Configuration
    @EnableResilientMethods
    public static class Config {
        @Bean
        public Payments payments() {
            return new Payments();
        }
    }

    private final Payments payments;

    SpringFrameworkRetryTools(Payments payments) {
        this.payments = payments;
    }

    /** side_effect tool: a RetryTemplate inside, around the provider call. */
    public String refundWithTemplate(String orderId, String path) throws Exception {
        return TEMPLATE.execute(() -> Provider.post(path, "{\"order\":\"" + orderId + "\"}"));
    }

    /** side_effect tool: a {@code @Retryable} bean inside, around the provider call. */
    public String refundWithRetryable(String orderId, String path) throws IOException {
        return payments.refund(orderId, path);
    }

    /** {@code template|ORDER|PATH}, {@code retryable|ORDER|PATH}, {@code plain|ORDER|PATH} (the template, outside a tool). */
    public static void main(String[] args) {
        AnnotationConfigApplicationContext spring = new AnnotationConfigApplicationContext(Config.class);
        SpringFrameworkRetryTools tools = new SpringFrameworkRetryTools(spring.getBean(Payments.class));
        ScriptedApp.run(args, Map.of(
                "template", f -> tools.refundWithTemplate(f[1], f[2]),
                "retryable", f -> tools.refundWithRetryable(f[1], f[2]),
                "plain", f -> TEMPLATE.execute(() -> Provider.post(f[2], "{\"order\":\"" + f[1] + "\"}"))));
    }
}
