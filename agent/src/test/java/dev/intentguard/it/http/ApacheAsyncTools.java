package dev.intentguard.it.http;

import dev.intentguard.it.app.Provider;
import org.apache.hc.client5.http.async.methods.SimpleHttpRequest;
import org.apache.hc.client5.http.async.methods.SimpleHttpResponse;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManager;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.util.Timeout;

import java.io.IOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Tools that call a provider with Apache HttpClient 5's async client ({@code HttpAsyncClients.custom()}:
 * the default retry strategy, run by {@code AsyncHttpRequestRetryExec} on the client's own threads), waiting
 * for the future as a blocking tool does.
 */
public class ApacheAsyncTools {
    static final PoolingAsyncClientConnectionManager POOL = PoolingAsyncClientConnectionManagerBuilder.create().build();
    static final CloseableHttpAsyncClient CLIENT = HttpAsyncClients.custom()
            .setConnectionManager(POOL)
            .setDefaultRequestConfig(RequestConfig.custom()
                    .setResponseTimeout(Timeout.ofMilliseconds(Long.getLong("provider.timeout.ms", 3000)))
                    .build())
            .build();

    /** A GET outside any tool that leaves its connection in the pool (as the warm-up of a reset scenario). */
    static String warm(String path) throws Exception {
        String body = send("GET", path, null);
        awaitPooledConnection();
        return body;
    }

    /**
     * Waits until a connection is back in the pool: the async client completes a response before it releases the
     * connection, and a test about a reused connection must not race that release.
     */
    private static void awaitPooledConnection() throws InterruptedException {
        for (int i = 0; i < 500 && POOL.getTotalStats().getAvailable() == 0; i++) {
            Thread.sleep(10);
        }
    }

    static {
        CLIENT.start();
    }

    /** side_effect tool: a POST. */
    public String post(String orderId, String path) throws IOException {
        return send("POST", path, orderId);
    }

    /** side_effect tool: a PUT. */
    public String put(String orderId, String path) throws IOException {
        return send("PUT", path, orderId);
    }

    static String send(String method, String path, String orderId) throws IOException {
        SimpleRequestBuilder b = SimpleRequestBuilder.create(method).setUri(System.getProperty("provider.url") + path);
        if (!method.equals("GET")) {
            b.setBody("{\"order\":\"" + orderId + "\"}", ContentType.APPLICATION_JSON);
        }
        SimpleHttpRequest request = b.build();
        SimpleHttpResponse response;
        try {
            response = CLIENT.execute(request, null).get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException) {
                throw (IOException) e.getCause();
            }
            throw new IOException(e.getCause());
        } catch (InterruptedException | TimeoutException e) {
            throw new IOException(e);
        }
        if (response.getCode() >= 400) {
            throw new Provider.ProviderException(response.getCode());
        }
        return response.getBodyText();
    }
}
