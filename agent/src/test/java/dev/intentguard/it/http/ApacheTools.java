package dev.intentguard.it.http;

import dev.intentguard.it.app.Provider;
import org.apache.hc.client5.http.classic.methods.HttpUriRequestBase;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.io.entity.StringEntity;
import org.apache.hc.core5.util.Timeout;

import java.io.IOException;
import java.net.URI;

/**
 * Tools that call a provider with Apache HttpClient 5 classic, built as most applications build it
 * ({@code HttpClients.custom()}: the default retry strategy, 1 retry after 1 s), with a response timeout of
 * {@code provider.timeout.ms}.
 */
public class ApacheTools {
    static final CloseableHttpClient CLIENT = HttpClients.custom()
            .setDefaultRequestConfig(RequestConfig.custom()
                    .setResponseTimeout(Timeout.ofMilliseconds(Long.getLong("provider.timeout.ms", 3000)))
                    .build())
            .build();

    /** side_effect tool: a POST. */
    public String post(String orderId, String path) throws IOException {
        return send("POST", path, orderId);
    }

    /** side_effect tool: a PUT (idempotent by method: the client also retries it after an I/O error). */
    public String put(String orderId, String path) throws IOException {
        return send("PUT", path, orderId);
    }

    /** side_effect tool: a POST whose caller sets its own Idempotency-Key (an SDK's per-call UUID, say). */
    public String postWithOwnKey(String orderId, String path) throws IOException {
        return send("POST", path, orderId, "caller-chosen-key");
    }

    /** Outside any tool too. */
    static String send(String method, String path, String orderId) throws IOException {
        return send(method, path, orderId, null);
    }

    /**
     * Prints {@code CALLER_REQUEST_KEY <value>|none}: the key header the caller's request object carries once the
     * call is over (the agent must give it back as it was).
     */
    private static String send(String method, String path, String orderId, String ownKey) throws IOException {
        HttpUriRequestBase request = new HttpUriRequestBase(method, URI.create(System.getProperty("provider.url") + path));
        if (!method.equals("GET")) {
            request.setEntity(new StringEntity("{\"order\":\"" + orderId + "\"}", ContentType.APPLICATION_JSON));
        }
        if (ownKey != null) {
            request.setHeader("Idempotency-Key", ownKey);
        }
        try {
            return CLIENT.execute(request, response -> {
                String body = response.getEntity() == null ? "" : EntityUtils.toString(response.getEntity());
                if (response.getCode() >= 400) {
                    throw new Provider.ProviderException(response.getCode());
                }
                return body;
            });
        } finally {
            System.out.println("CALLER_REQUEST_KEY " + (request.getFirstHeader("Idempotency-Key") == null
                    ? "none" : request.getFirstHeader("Idempotency-Key").getValue()));
        }
    }
}
