package dev.intentguard.agent.http.jdk;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.BiPredicate;

/**
 * The caller's {@code java.net.http} request with the key header set, handed to the client in its place. The client
 * copies what it needs from it into its own request object at once (method, URI, headers, body publisher, ...), so
 * this only adds the header: one map of the headers, built once, instead of the two copies that
 * {@code HttpRequest.newBuilder(request, filter).setHeader(..).build()} makes. The client validates the headers as it
 * does the caller's.
 */
final class KeyedJdkRequest extends HttpRequest {
    private static final BiPredicate<String, String> ALL = (name, value) -> true;

    private final HttpRequest request;
    private final String name;
    private final String value;
    private volatile HttpHeaders headers;

    KeyedJdkRequest(HttpRequest request, String name, String value) {
        this.request = request;
        this.name = name;
        this.value = value;
    }

    @Override
    public HttpHeaders headers() {
        HttpHeaders h = headers;
        if (h == null) {
            Map<String, List<String>> map = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            map.putAll(request.headers().map());
            map.put(name, List.of(value));                    // replaces the caller's or the SDK's key
            h = HttpHeaders.of(map, ALL);
            headers = h;
        }
        return h;
    }

    @Override
    public Optional<BodyPublisher> bodyPublisher() {
        return request.bodyPublisher();
    }

    @Override
    public String method() {
        return request.method();
    }

    @Override
    public Optional<Duration> timeout() {
        return request.timeout();
    }

    @Override
    public boolean expectContinue() {
        return request.expectContinue();
    }

    @Override
    public URI uri() {
        return request.uri();
    }

    @Override
    public Optional<HttpClient.Version> version() {
        return request.version();
    }

    @Override
    public String toString() {
        return request.toString();
    }
}
