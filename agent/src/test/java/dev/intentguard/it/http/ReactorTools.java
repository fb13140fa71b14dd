package dev.intentguard.it.http;

import io.netty.buffer.Unpooled;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;
import reactor.netty.ByteBufMono;
import reactor.netty.http.client.HttpClient;
import reactor.util.retry.Retry;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Tools that call a provider through Reactor Netty, the way reactive code is written: Spring {@code WebClient} (its
 * default connector) and Reactor Netty's {@code HttpClient} directly, each with the common
 * {@code retryWhen(Retry.backoff(3, ...))} that resubscribes on a timer thread after an error (a 5xx included).
 */
public class ReactorTools {
    static final WebClient WEB = WebClient.create();
    static final HttpClient NETTY = HttpClient.create();
    static final Retry RETRY = Retry.backoff(3, Duration.ofMillis(20));

    /** side_effect tool: a POST through WebClient. */
    public String webClientPost(String orderId, String path) {
        return web(path, orderId);
    }

    /** side_effect tool: a POST through Reactor Netty's HttpClient. */
    public String reactorPost(String orderId, String path) {
        return netty(path, orderId);
    }

    /** side_effect tool: a WebClient POST subscribed and not waited for; the tool returns at once. */
    public String webClientFireAndForget(String orderId, String path) {
        WEB.post().uri(System.getProperty("provider.url") + path).contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"order\":\"" + orderId + "\"}")
                .retrieve().bodyToMono(String.class)
                .subscribe(body -> { }, error -> { });
        return "sent";
    }

    private static Mono<String> cached;

    /**
     * side_effect tool: subscribes a request Mono built once and kept (as a bean keeps one), which the application
     * subscribes again later, outside any tool ({@code cached-plain}).
     */
    public String cachedPost(String orderId, String path) {
        return cached(path).block(Duration.ofSeconds(20));
    }

    static synchronized Mono<String> cached(String path) {
        if (cached == null) {
            cached = NETTY.post().uri(System.getProperty("provider.url") + path)
                    .send(ByteBufMono.fromString(Mono.just("{\"report\":1}")))
                    .responseSingle((response, content) -> response.status().code() >= 500
                            ? Mono.error(new IllegalStateException("HTTP " + response.status().code()))
                            : content.asString());
        }
        return cached;
    }

    static String web(String path, String orderId) {
        return WEB.post().uri(System.getProperty("provider.url") + path).contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"order\":\"" + orderId + "\"}")
                .retrieve().bodyToMono(String.class)
                .retryWhen(RETRY)
                .block(Duration.ofSeconds(20));
    }

    static String netty(String path, String orderId) {
        byte[] body = ("{\"order\":\"" + orderId + "\"}").getBytes(StandardCharsets.UTF_8);
        return NETTY.post().uri(System.getProperty("provider.url") + path)
                .send(ByteBufMono.fromString(Mono.just(new String(body, StandardCharsets.UTF_8))))
                .responseSingle((response, content) -> response.status().code() >= 500
                        ? Mono.error(new IllegalStateException("HTTP " + response.status().code()))
                        : content.asString())
                .retryWhen(RETRY)
                .block(Duration.ofSeconds(20));
    }

    static {
        Unpooled.buffer(0).release();      // netty-buffer loaded before the first tool call, as in an application
    }
}
