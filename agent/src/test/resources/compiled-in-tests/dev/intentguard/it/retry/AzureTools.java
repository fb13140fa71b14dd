package dev.intentguard.it.retry;

import com.azure.core.http.HttpHeaders;
import com.azure.core.http.HttpMethod;
import com.azure.core.http.HttpPipeline;
import com.azure.core.http.HttpPipelineBuilder;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.netty.NettyAsyncHttpClientBuilder;
import com.azure.core.http.policy.ExponentialBackoff;
import com.azure.core.http.policy.RetryPolicy;
import com.azure.core.util.Context;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Map;

/**
 * Tools of a payments agent that call a provider through an Azure SDK HTTP pipeline (azure-core, its default Netty
 * transport), as Azure's clients and hand-written ones over azure-core do: a {@code RetryPolicy} with exponential
 * back-off (3 retries, 10 ms apart here, the default's 800 ms being too slow for a test), a read timeout of
 * {@code provider.timeout.ms}. One tool sends with {@code sendSync} (Azure's sync clients), one with
 * {@code send(...).block()} (the reactive ones).
 *
 * <p>Compiled by the test that runs it (AzureScenarios), against the azure-core version under test.
 */
public class AzureTools {
    static final HttpPipeline PIPELINE = new HttpPipelineBuilder()
            .policies(new RetryPolicy(new ExponentialBackoff(3, Duration.ofMillis(10), Duration.ofMillis(100))))
            .httpClient(new NettyAsyncHttpClientBuilder()
                    .readTimeout(Duration.ofMillis(Integer.getInteger("provider.timeout.ms", 3000))).build())
            .build();

    static HttpRequest refund(String orderId, String path) {
        return new HttpRequest(HttpMethod.POST, System.getProperty("provider.url") + path)
                .setHeaders(new HttpHeaders().set("Content-Type", "application/json"))
                .setBody("{\"order\":\"" + orderId + "\"}");
    }

    static String answer(HttpResponse response) {
        try (HttpResponse r = response) {
            if (r.getStatusCode() >= 400) {
                throw new UncheckedIOException(new IOException("the provider answered HTTP " + r.getStatusCode()));
            }
            return r.getBodyAsString().block();
        }
    }

    static String sendSync(String orderId, String path) {
        return answer(PIPELINE.sendSync(refund(orderId, path), Context.NONE));
    }

    /** side_effect tool: the pipeline's sync send. */
    public String refundSync(String orderId, String path) {
        return sendSync(orderId, path);
    }

    /** side_effect tool: the pipeline's reactive send, blocked on. */
    public String refundAsync(String orderId, String path) {
        return answer(PIPELINE.send(refund(orderId, path)).block());
    }

    /** {@code sync|ORDER|PATH}, {@code async|ORDER|PATH} (the tools), {@code plain|ORDER|PATH} (sync, outside a tool). */
    public static void main(String[] args) {
        AzureTools tools = new AzureTools();
        ScriptedApp.run(args, Map.of(
                "sync", f -> tools.refundSync(f[1], f[2]),
                "async", f -> tools.refundAsync(f[1], f[2]),
                "plain", f -> sendSync(f[1], f[2])));
    }
}
