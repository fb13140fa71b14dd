package com.acme.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import okhttp3.EventListener;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;

/**
 * The payments provider's API, called the way an SDK does it: OkHttp with a client timeout, OkHttp's own
 * retries left on (its default), and an {@code Idempotency-Key} header when the caller has one.
 */
public final class PaymentsClient {
    private static final MediaType JSON = MediaType.get("application/json");

    private final OkHttpClient http;
    private final HttpUrl baseUrl;
    private final ObjectMapper json = new ObjectMapper();

    public PaymentsClient(String baseUrl, Duration timeout, EventListener.Factory events) {
        this.baseUrl = HttpUrl.get(baseUrl);
        this.http = new OkHttpClient.Builder()
                .connectTimeout(timeout)
                .readTimeout(timeout)            // the provider's p99 is higher than this: that is the incident
                .writeTimeout(timeout)
                .retryOnConnectionFailure(true)  // OkHttp's default, spelled out: it may resend a request on its own
                .eventListenerFactory(events)
                .build();
    }

    /**
     * {@code GET /v1/refunds?order=}: the order's refund of {@code amount}, or {@code null} when the provider lists
     * none (yet).
     */
    public Refund findRefund(String orderId, BigDecimal amount) throws IOException {
        Request request = new Request.Builder()
                .url(baseUrl.resolve("/v1/refunds").newBuilder().addQueryParameter("order", orderId).build()).get().build();
        try (Response response = http.newCall(request).execute()) {
            String text = response.body().string();
            if (!response.isSuccessful()) {
                throw new PaymentsException(response.code(), text);
            }
            for (JsonNode refund : json.readTree(text).path("data")) {
                BigDecimal refunded = new BigDecimal(refund.path("amount").asText("0"));
                if (refunded.compareTo(amount) == 0) {
                    return new Refund(refund.path("id").asText(), refund.path("order").asText(), refunded,
                            refund.path("status").asText());
                }
            }
            return null;
        }
    }

    /**
     * {@code POST /v1/refunds}. Throws {@link PaymentsException} for an HTTP error status and an
     * {@link IOException} (for example a {@link java.net.SocketTimeoutException}) when no answer came.
     */
    public Refund createRefund(String orderId, BigDecimal amount, String reason, String idempotencyKey) throws IOException {
        ObjectNode body = json.createObjectNode()
                .put("order", orderId)
                .put("amount", amount.setScale(2, RoundingMode.HALF_UP).toPlainString())
                .put("currency", "usd")
                .put("reason", reason);
        Request.Builder request = new Request.Builder()
                .url(baseUrl.resolve("/v1/refunds"))
                .post(RequestBody.create(json.writeValueAsString(body), JSON));
        if (idempotencyKey != null) {
            request.header("Idempotency-Key", idempotencyKey);
        }
        try (Response response = http.newCall(request.build()).execute()) {
            String text = response.body().string();
            if (!response.isSuccessful()) {
                throw new PaymentsException(response.code(), text);
            }
            JsonNode refund = json.readTree(text);
            return new Refund(refund.path("id").asText(), refund.path("order").asText(),
                    new BigDecimal(refund.path("amount").asText("0")), refund.path("status").asText());
        }
    }
}
