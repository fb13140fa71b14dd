package dev.intentguard.it.verdict;

import org.apache.http.client.methods.CloseableHttpResponse;
import org.apache.http.client.methods.HttpPost;
import org.apache.http.entity.ContentType;
import org.apache.http.entity.StringEntity;
import org.apache.http.impl.client.CloseableHttpClient;
import org.apache.http.impl.client.HttpClients;
import org.apache.http.util.EntityUtils;
import reactor.core.publisher.Mono;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The tools of the verdict tests: each one is a shape of tool that a landed agent once judged wrong (issue 12's ten
 * cases). Plain application code; the tests classify them in the config. The provider is {@code provider.url}.
 */
public class VerdictTools {
    /** The JDK client as most tools build it: redirects not followed (the default). */
    static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();
    static final HttpClient FOLLOWING = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NORMAL).connectTimeout(Duration.ofSeconds(2)).build();

    enum Settlement { SETTLED, REFUSED }

    static String url(String path) {
        return System.getProperty("provider.url") + path;
    }

    static HttpRequest post(String base, String path, String json) {
        return HttpRequest.newBuilder(URI.create(base + path))
                .timeout(Duration.ofMillis(Long.getLong("provider.timeout.ms", 3000)))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build();
    }

    static String send(HttpClient client, String path, String json) throws IOException, InterruptedException {
        HttpResponse<String> r = client.send(post(System.getProperty("provider.url"), path, json), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() >= 400) {
            throw new IOException("provider answered HTTP " + r.statusCode() + ": " + r.body());
        }
        return r.statusCode() + " " + r.body();
    }

    // --- 1. different intents, one key

    public String refundByRequest(RefundRequest request) throws IOException, InterruptedException {
        return send(CLIENT, "/refunds", "{\"order\":\"" + request.orderId() + "\"}");
    }

    public String refundGenerated(GeneratedRequest request) throws IOException, InterruptedException {
        return send(CLIENT, "/refunds", "{\"order\":\"" + request.orderId() + "\"}");
    }

    public String refundOpaque(OpaqueRequest request) throws IOException, InterruptedException {
        return send(CLIENT, "/refunds", "{\"order\":\"" + request + "\"}");
    }

    // --- 2. a sent attempt forgotten: a hand-written retry loop

    public String chargeWithRetry(String orderId) throws IOException, InterruptedException {
        IOException last = null;
        for (int attempt = 1; attempt <= 2; attempt++) {
            try {
                return send(CLIENT, "/charges", "{\"order\":\"" + orderId + "\"}");
            } catch (IOException e) {
                last = e;
            }
        }
        throw last;
    }

    // --- 3. no wire evidence, and an exception after the effect

    private static final CloseableHttpClient APACHE4 = HttpClients.createDefault();

    private static String apache4Post(String path, String json) throws IOException {
        HttpPost post = new HttpPost(url(path));
        post.setEntity(new StringEntity(json, ContentType.APPLICATION_JSON));
        try (CloseableHttpResponse response = APACHE4.execute(post)) {
            return EntityUtils.toString(response.getEntity());
        }
    }

    /** The provider settles, then the tool cannot read its answer: {@code Enum.valueOf} throws. */
    public String settleWithApache4(String orderId) throws IOException {
        String body = apache4Post("/settlements", "{\"order\":\"" + orderId + "\"}");
        String status = body.replaceAll(".*\"status\":\"([^\"]*)\".*", "$1");
        return Settlement.valueOf(status).name();
    }

    /** The provider settles, then the receipt mail's server refuses the connection. */
    public String settleThenMail(String orderId) throws IOException {
        apache4Post("/settlements", "{\"order\":\"" + orderId + "\"}");
        try (Socket mail = new Socket()) {
            mail.connect(new InetSocketAddress("127.0.0.1", Integer.getInteger("mail.port")), 2000);
        }
        return "mailed";
    }

    /** The JDK client on a plain thread (no scope carried), then the 200's body is not a number. */
    public String chargeOnThread(String orderId) throws Exception {
        AtomicReference<Object> out = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                out.set(CLIENT.send(post(System.getProperty("provider.url"), "/charges", "{\"order\":\"" + orderId + "\"}"),
                        HttpResponse.BodyHandlers.ofString()).body());
            } catch (Exception e) {
                out.set(e);
            }
        });
        t.start();
        t.join();
        if (out.get() instanceof Exception) {
            throw (Exception) out.get();
        }
        return String.valueOf(Integer.parseInt((String) out.get()));
    }

    // --- 4. the verdict taken before the effect finished

    /** A charge fired with sendAsync, then a hold with send to a server that refuses it. */
    public String chargeAndHold(String orderId) throws IOException, InterruptedException {
        CLIENT.sendAsync(post(System.getProperty("provider.url"), "/charges", "{\"order\":\"" + orderId + "\"}"),
                HttpResponse.BodyHandlers.ofString());
        return CLIENT.send(post(System.getProperty("hold.url"), "/holds", "{\"order\":\"" + orderId + "\"}"),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    /** A cold Mono: nothing is sent until someone subscribes, after the method returned. */
    public Mono<String> chargeLater(String orderId) {
        return Mono.fromCallable(() -> send(CLIENT, "/charges", "{\"order\":\"" + orderId + "\"}"));
    }

    // --- 6. HttpURLConnection's evidence, keyed or not

    private static String huc(String base, String path, String json) throws IOException {
        HttpURLConnection c = (HttpURLConnection) new URL(base + path).openConnection();
        c.setRequestMethod("POST");
        c.setDoOutput(true);
        c.setConnectTimeout(2000);
        c.setReadTimeout(Integer.getInteger("provider.timeout.ms", 3000));
        c.setRequestProperty("Content-Type", "application/json");
        try (OutputStream out = c.getOutputStream()) {
            out.write(json.getBytes(StandardCharsets.UTF_8));
        }
        int status = c.getResponseCode();
        InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream();
        String body = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        return status + " " + body;
    }

    /** A charge through HttpURLConnection; the status comes back as text (many tools do this). */
    public String hucCharge(String orderId) throws IOException {
        return huc(System.getProperty("provider.url"), "/charges", "{\"order\":\"" + orderId + "\"}");
    }

    /** A shipment to a carrier off the allowlist, then a notification the provider refuses to connect. */
    public String shipAndNotify(String orderId) throws IOException {
        String shipped = huc(System.getProperty("carrier.url"), "/shipments", "{\"order\":\"" + orderId + "\"}");
        huc(System.getProperty("provider.url"), "/notifications", "{\"order\":\"" + orderId + "\"}");
        return shipped;
    }

    // --- 7. audit mode, 8. checks, 9. redirects

    public String jdkCharge(String orderId) throws IOException, InterruptedException {
        return send(CLIENT, "/charges", "{\"order\":\"" + orderId + "\"}");
    }

    public String refundChecked(String orderId) throws IOException, InterruptedException {
        return send(CLIENT, "/refunds", "{\"order\":\"" + orderId + "\"}");
    }

    /** The check of {@code refund_checked}: asks the provider, finds nothing. */
    public Optional<String> findRefund(String orderId) {
        return Optional.empty();
    }

    public String refundListed(String orderId) throws IOException, InterruptedException {
        return send(CLIENT, "/refunds", "{\"order\":\"" + orderId + "\"}");
    }

    /** The check of {@code refund_listed}: the refunds of that order, none. */
    public List<String> listRefunds(String orderId) {
        return List.of();
    }

    public String refundVoidChecked(String orderId) throws IOException, InterruptedException {
        return send(CLIENT, "/refunds", "{\"order\":\"" + orderId + "\"}");
    }

    /** Named as the check of {@code refund_void_checked} by mistake: it cannot say anything. */
    public void noteRefund(String orderId) {
    }

    /** A charge the provider redirects (307); the tool reports the status, as text. */
    public String chargeRedirected(String orderId) throws IOException, InterruptedException {
        HttpResponse<String> r = CLIENT.send(post(System.getProperty("provider.url"), "/charges", "{\"order\":\"" + orderId + "\"}"),
                HttpResponse.BodyHandlers.ofString());
        return r.statusCode() + " " + r.body();
    }

    public String chargeFollowingRedirects(String orderId) throws IOException, InterruptedException {
        return send(FOLLOWING, "/charges", "{\"order\":\"" + orderId + "\"}");
    }

    // --- 10. several writes in one call

    public String refundItems(String orderId) throws IOException, InterruptedException {
        String first = send(CLIENT, "/refunds", "{\"order\":\"" + orderId + "\",\"item\":1}");
        String second = send(CLIENT, "/refunds", "{\"order\":\"" + orderId + "\",\"item\":2}");
        return first + " + " + second;
    }
}
