package dev.intentguard.it.http;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** How the test applications call the provider with {@code java.net.http}: one shared client, HTTP/1.1. */
public final class JdkHttp {
    static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2))
            .build();

    private JdkHttp() {
    }

    static HttpRequest request(String method, String path, String json, String presetKey) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(System.getProperty("provider.url") + path))
                .timeout(Duration.ofMillis(Long.getLong("provider.timeout.ms", 3000)))
                .header("Content-Type", "application/json")
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        if (presetKey != null) {
            b.header("Idempotency-Key", presetKey);
        }
        return b.build();
    }

    static String send(String method, String path, String json) throws IOException, InterruptedException {
        return answer(CLIENT.send(request(method, path, json, null), HttpResponse.BodyHandlers.ofString()));
    }

    static CompletableFuture<String> sendAsync(String method, String path, String json) {
        return CLIENT.sendAsync(request(method, path, json, null), HttpResponse.BodyHandlers.ofString())
                .thenApply(JdkHttp::answerUnchecked);
    }

    static String answer(HttpResponse<String> response) throws IOException {
        if (response.statusCode() >= 400) {
            throw new IOException("provider answered HTTP " + response.statusCode());
        }
        return response.body();
    }

    private static String answerUnchecked(HttpResponse<String> response) {
        try {
            return answer(response);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
