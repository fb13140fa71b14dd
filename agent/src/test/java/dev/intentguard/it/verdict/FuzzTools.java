package dev.intentguard.it.verdict;

import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.apache.http.client.config.RequestConfig;
import org.apache.http.client.methods.CloseableHttpResponse;
import org.apache.http.client.methods.HttpPost;
import org.apache.http.entity.ContentType;
import org.apache.http.entity.StringEntity;
import org.apache.http.impl.client.CloseableHttpClient;
import org.apache.http.impl.client.HttpClients;
import org.apache.http.util.EntityUtils;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One side-effect tool whose code path a plan chooses, for the randomized verdict test: which client sends the write
 * (followed by the agent or not, synchronous, asynchronous and awaited, fired and forgotten, on a plain thread), a
 * hand-written retry loop, an exception after a success, and whether the tool turns errors into text.
 * A plan is four letters:
 * <pre>
 * client: J JDK send, A JDK sendAsync awaited, F JDK sendAsync not awaited, T JDK send on a plain Thread,
 *         H HttpURLConnection, O OkHttp, U Apache HttpClient 4 (its plugin off); on a client the agent cannot see
 *         (T, U) the tool itself takes only a 2xx as success
 * loops:  1 or 2 sends on an IOException
 * after:  N nothing, I IllegalArgumentException, S IllegalStateException, thrown after the request returned
 * errors: t thrown, x returned as text
 * </pre>
 */
public class FuzzTools {
    private static final int TIMEOUT_MS = Integer.getInteger("provider.timeout.ms", 800);
    private static final HttpClient JDK = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();
    private static final OkHttpClient OKHTTP = new OkHttpClient.Builder().readTimeout(TIMEOUT_MS, TimeUnit.MILLISECONDS).build();
    private static final CloseableHttpClient APACHE4 = HttpClients.custom().setDefaultRequestConfig(RequestConfig.custom()
            .setSocketTimeout(TIMEOUT_MS).setConnectTimeout(2000).build()).build();

    /** The tool: {@code intent} is the key; {@code plan} is how this tool happens to work (excluded from the payload). */
    public String step(String intent, String plan) throws Exception {
        char client = plan.charAt(0);
        int loops = plan.charAt(1) - '0';
        char after = plan.charAt(2);
        boolean text = plan.charAt(3) == 'x';
        try {
            String result = null;
            IOException last = null;
            for (int i = 0; i < loops; i++) {
                try {
                    result = send(client, "{\"intent\":\"" + intent + "\"}");
                    last = null;
                    break;
                } catch (IOException e) {
                    last = e;
                }
            }
            if (last != null) {
                throw last;
            }
            if (after == 'I') {
                throw new IllegalArgumentException("cannot read the answer " + result);
            }
            if (after == 'S') {
                throw new IllegalStateException("the answer came too late: " + result);
            }
            return result;
        } catch (Exception e) {
            if (text) {
                return "error: " + e;
            }
            throw e;
        }
    }

    private static String url() {
        return System.getProperty("provider.url") + "/fuzz";
    }

    private static String send(char client, String json) throws IOException {
        switch (client) {
            case 'J':
                return jdk(json);
            case 'A':
                try {
                    return answer(JDK.sendAsync(jdkRequest(json), HttpResponse.BodyHandlers.ofString()).get(5, TimeUnit.SECONDS));
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof IOException ? (IOException) e.getCause() : new IOException(e.getCause());
                } catch (InterruptedException | java.util.concurrent.TimeoutException e) {
                    throw new IOException(e);
                }
            case 'F':
                fired = JDK.sendAsync(jdkRequest(json), HttpResponse.BodyHandlers.ofString());
                return "fired";
            case 'T':
                AtomicReference<Object> out = new AtomicReference<>();
                Thread t = new Thread(() -> {
                    try {
                        out.set(jdk(json));
                    } catch (IOException e) {
                        out.set(e);
                    }
                });
                t.start();
                try {
                    t.join();
                } catch (InterruptedException e) {
                    throw new IOException(e);
                }
                if (out.get() instanceof IOException) {
                    throw (IOException) out.get();
                }
                if (!((String) out.get()).startsWith("2")) {     // the agent cannot see this thread: the tool judges
                    throw new IOException("HTTP " + out.get());
                }
                return (String) out.get();
            case 'H':
                return huc(json);
            case 'O':
                try (Response r = OKHTTP.newCall(new Request.Builder().url(url())
                        .post(RequestBody.create(json, MediaType.get("application/json"))).build()).execute()) {
                    if (r.code() >= 400) {
                        throw new IOException("HTTP " + r.code());
                    }
                    return r.code() + " " + r.body().string();
                }
            case 'U':
                HttpPost post = new HttpPost(url());
                post.setEntity(new StringEntity(json, ContentType.APPLICATION_JSON));
                try (CloseableHttpResponse r = APACHE4.execute(post)) {
                    int status = r.getStatusLine().getStatusCode();
                    String body = EntityUtils.toString(r.getEntity());
                    if (status >= 300) {                  // no plugin sees this client: the tool judges its answer
                        throw new IOException("HTTP " + status);
                    }
                    return status + " " + body;
                }
            default:
                throw new IllegalStateException("no client " + client);
        }
    }

    /** The last send a tool fired and did not wait for (plan F). */
    private static volatile CompletableFuture<?> fired;

    /**
     * Waits until the last fired send has ended (answered, timed out or refused; at most 5 s): by then its request has
     * reached the provider or never will, so the effects counted next include it.
     */
    public static void awaitFired() {
        CompletableFuture<?> f = fired;
        fired = null;
        if (f == null) {
            return;
        }
        try {
            f.get(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | java.util.concurrent.TimeoutException ended) {
            // ended without an answer: what reached the provider has reached it
        }
    }

    private static HttpRequest jdkRequest(String json) {
        return HttpRequest.newBuilder(URI.create(url())).timeout(Duration.ofMillis(TIMEOUT_MS))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)).build();
    }

    private static String jdk(String json) throws IOException {
        try {
            return answer(JDK.send(jdkRequest(json), HttpResponse.BodyHandlers.ofString()));
        } catch (InterruptedException e) {
            throw new IOException(e);
        }
    }

    private static String answer(HttpResponse<String> r) throws IOException {
        if (r.statusCode() >= 400) {
            throw new IOException("HTTP " + r.statusCode());
        }
        return r.statusCode() + " " + r.body();
    }

    private static String huc(String json) throws IOException {
        HttpURLConnection c = (HttpURLConnection) new URL(url()).openConnection();
        c.setRequestMethod("POST");
        c.setDoOutput(true);
        c.setConnectTimeout(2000);
        c.setReadTimeout(TIMEOUT_MS);
        c.setRequestProperty("Content-Type", "application/json");
        try (OutputStream out = c.getOutputStream()) {
            out.write(json.getBytes(StandardCharsets.UTF_8));
        }
        int status = c.getResponseCode();
        if (status >= 400) {
            throw new IOException("HTTP " + status);
        }
        try (InputStream in = c.getInputStream()) {
            return status + " " + new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** How many effects the provider made for {@code intent} so far (asked outside any tool). */
    static int effects(String intent) throws IOException {
        HttpURLConnection c = (HttpURLConnection) new URL(System.getProperty("provider.url") + "/effects/" + intent).openConnection();
        try (InputStream in = c.getInputStream()) {
            return Integer.parseInt(new String(in.readAllBytes(), StandardCharsets.UTF_8).trim());
        }
    }
}
