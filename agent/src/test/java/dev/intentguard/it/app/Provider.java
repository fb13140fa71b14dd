package dev.intentguard.it.app;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;

/** How the test applications call the payments provider: plain HttpURLConnection, as many SDKs do. */
public final class Provider {
    private Provider() {
    }

    public static String post(String path, String json) throws IOException {
        HttpURLConnection c = (HttpURLConnection) new URL(System.getProperty("provider.url") + path).openConnection();
        c.setRequestMethod("POST");
        c.setDoOutput(true);
        c.setConnectTimeout(2000);
        c.setReadTimeout(Integer.getInteger("provider.timeout.ms", 3000));
        c.setRequestProperty("Content-Type", "application/json");
        try (OutputStream out = c.getOutputStream()) {
            out.write(json.getBytes(StandardCharsets.UTF_8));
        }
        int status = c.getResponseCode();
        if (status >= 400) {
            throw new ProviderException(status);
        }
        try (InputStream in = c.getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** {@code GET path}: the body, or {@code null} on 404. */
    public static String get(String path) throws IOException {
        HttpURLConnection c = (HttpURLConnection) new URL(System.getProperty("provider.url") + path).openConnection();
        c.setConnectTimeout(2000);
        c.setReadTimeout(5000);
        if (c.getResponseCode() == 404) {
            return null;
        }
        try (InputStream in = c.getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** An SDK-style error carrying the HTTP status. */
    public static final class ProviderException extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int statusCode;

        public ProviderException(int statusCode) {
            super("provider answered HTTP " + statusCode);
            this.statusCode = statusCode;
        }

        public int statusCode() {
            return statusCode;
        }
    }
}
