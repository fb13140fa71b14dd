package com.example;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** The provider's refund call, as services write it: HttpURLConnection with a client timeout. Not a tool itself. */
final class RefundRequest {
    private RefundRequest() {
    }

    static String send(String provider, Duration timeout, String orderId, String amount, String reason) throws IOException {
        HttpURLConnection c = (HttpURLConnection) new URL(provider + "/v1/refunds").openConnection();
        c.setConnectTimeout((int) timeout.toMillis());
        c.setReadTimeout((int) timeout.toMillis());
        c.setRequestMethod("POST");
        c.setDoOutput(true);
        c.setRequestProperty("Content-Type", "application/json");
        try (OutputStream out = c.getOutputStream()) {
            out.write(("{\"order\":\"" + orderId + "\",\"amount\":\"" + amount + "\",\"reason\":\"" + reason + "\"}")
                    .getBytes(StandardCharsets.UTF_8));
        }
        if (c.getResponseCode() >= 400) {
            throw new IOException("the provider answered " + c.getResponseCode());
        }
        try (InputStream in = c.getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
