package dev.intentguard.bench.app;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

/**
 * The HTTP benchmark's tools: each sends one small POST to a loopback server with one client and returns the body.
 * The benchmark config lists {@link #jdkPost} and {@link #urlPost} as {@code idempotent} (the cheapest guarded call
 * that still puts the intent key on its requests) and {@link #noop} as {@code idempotent} too, to subtract the cost of
 * the guarded call itself. {@link #sendJdk} and {@link #sendUrl} are the same requests outside any tool.
 */
public class HttpTools {
    public static final String TYPE = "dev.intentguard.bench.app.HttpTools";
    private static final byte[] BODY = "{\"orderId\":\"8812\",\"amount\":4900}".getBytes(StandardCharsets.UTF_8);

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final URI uri;

    public HttpTools(URI uri) {
        this.uri = uri;
    }

    public String jdkPost(String orderId) {
        return sendJdk();
    }

    public String urlPost(String orderId) {
        return sendUrl();
    }

    public String apache4Post(String orderId) {
        return sendApache4();
    }

    public String noop(String orderId) {
        return "ok";
    }

    /** One POST with the JDK's {@code HttpClient}. */
    public String sendJdk() {
        HttpRequest request = HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.ofByteArray(BODY))
                .header("Content-Type", "application/json").build();
        try {
            return client.send(request, HttpResponse.BodyHandlers.ofString()).body();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private final org.apache.http.impl.client.CloseableHttpClient apache4 = org.apache.http.impl.client.HttpClients.createDefault();

    /**
     * One POST with Apache HttpClient 4 (its pooled default client), whose plugin is called advice in a class loader of
     * its own ({@code http/apache4}); the others are inlined.
     */
    public String sendApache4() {
        org.apache.http.client.methods.HttpPost post = new org.apache.http.client.methods.HttpPost(uri);
        post.setEntity(new org.apache.http.entity.ByteArrayEntity(BODY, org.apache.http.entity.ContentType.APPLICATION_JSON));
        try (org.apache.http.client.methods.CloseableHttpResponse response = apache4.execute(post)) {
            return org.apache.http.util.EntityUtils.toString(response.getEntity());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One POST with {@code HttpURLConnection} (keep-alive: the JDK pools the connection). */
    public String sendUrl() {
        try {
            HttpURLConnection c = (HttpURLConnection) uri.toURL().openConnection();
            c.setRequestMethod("POST");
            c.setDoOutput(true);
            c.setRequestProperty("Content-Type", "application/json");
            try (OutputStream out = c.getOutputStream()) {
                out.write(BODY);
            }
            try (InputStream in = c.getInputStream()) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
