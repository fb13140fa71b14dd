package dev.intentguard.it.http;

import dev.intentguard.it.app.Provider;
import org.apache.http.client.config.RequestConfig;
import org.apache.http.client.methods.CloseableHttpResponse;
import org.apache.http.client.methods.HttpDelete;
import org.apache.http.client.methods.HttpGet;
import org.apache.http.client.methods.HttpPost;
import org.apache.http.client.methods.HttpRequestBase;
import org.apache.http.entity.ContentType;
import org.apache.http.entity.StringEntity;
import org.apache.http.impl.client.CloseableHttpClient;
import org.apache.http.impl.client.DefaultServiceUnavailableRetryStrategy;
import org.apache.http.impl.client.HttpClients;
import org.apache.http.util.EntityUtils;

import java.io.IOException;
import java.net.URI;

/**
 * Tools that call a provider with Apache HttpClient 4 classic (APIs of 4.3, the oldest version supported), built as
 * vendor SDKs build it: {@code HttpClients.custom()} with the default retry handler ({@code RetryExec}: 3 resends after
 * an I/O error of a request it takes as idempotent, DELETE among them) and a 503 retry strategy (1 resend after
 * 100 ms), a socket timeout of {@code provider.timeout.ms}.
 */
public class Apache4Tools {
    static final CloseableHttpClient CLIENT = HttpClients.custom()
            .setDefaultRequestConfig(RequestConfig.custom()
                    .setSocketTimeout(Integer.getInteger("provider.timeout.ms", 3000))
                    .setConnectTimeout(2000)
                    .build())
            .setServiceUnavailableRetryStrategy(new DefaultServiceUnavailableRetryStrategy(1, 100))
            .build();

    /** side_effect tool: a POST with a JSON body. */
    public String post(String orderId, String path) throws IOException {
        return send("POST", path, orderId);
    }

    /** side_effect tool: a DELETE (cancel a subscription): the client resends it after an I/O error by itself. */
    public String delete(String orderId, String path) throws IOException {
        return send("DELETE", path, orderId);
    }

    /** side_effect tool with a retry loop of its own: on an I/O error it POSTs once more. */
    public String postWithOwnLoop(String orderId, String path) throws IOException {
        try {
            return send("POST", path, orderId);
        } catch (IOException first) {
            System.out.println("LOOP first attempt failed: " + first);
            return send("POST", path, orderId);
        }
    }

    static String send(String method, String path, String orderId) throws IOException {
        URI uri = URI.create(System.getProperty("provider.url") + path);
        HttpRequestBase request;
        switch (method) {
            case "POST":
                HttpPost post = new HttpPost(uri);
                post.setEntity(new StringEntity("{\"order\":\"" + orderId + "\"}", ContentType.APPLICATION_JSON));
                request = post;
                break;
            case "DELETE":
                request = new HttpDelete(uri);
                break;
            default:
                request = new HttpGet(uri);
        }
        try (CloseableHttpResponse response = CLIENT.execute(request)) {
            String body = response.getEntity() == null ? "" : EntityUtils.toString(response.getEntity());
            if (response.getStatusLine().getStatusCode() >= 400) {
                throw new Provider.ProviderException(response.getStatusLine().getStatusCode());
            }
            return body;
        } finally {
            System.out.println("CALLER_REQUEST_KEY " + (request.getFirstHeader("Idempotency-Key") == null
                    ? "none" : request.getFirstHeader("Idempotency-Key").getValue()));
        }
    }
}
