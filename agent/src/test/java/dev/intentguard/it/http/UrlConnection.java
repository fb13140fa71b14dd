package dev.intentguard.it.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;

/** How the test applications call the provider with {@code HttpURLConnection}, the way stripe-java does. */
public final class UrlConnection {
    private UrlConnection() {
    }

    /** A buffered (non-streaming) request: the body is written when the response is asked for. */
    static String send(String method, String path, byte[] body, String presetKey) throws IOException {
        return send(method, path, body, presetKey, false);
    }

    static String send(String method, String path, byte[] body, String presetKey, boolean streaming) throws IOException {
        return send(method, path, body, presetKey, streaming, false);
    }

    /** {@code connectFirst}: {@code connect()} is called before anything else, as some SDKs do. */
    static String send(String method, String path, byte[] body, String presetKey, boolean streaming, boolean connectFirst)
            throws IOException {
        HttpURLConnection c = (HttpURLConnection) new URL(System.getProperty("provider.url") + path).openConnection();
        c.setRequestMethod(method);
        c.setConnectTimeout(2000);
        c.setReadTimeout(Integer.getInteger("provider.timeout.ms", 3000));
        c.setRequestProperty("Content-Type", "application/json");
        if (presetKey != null) {
            c.setRequestProperty("Idempotency-Key", presetKey);
        }
        if (body != null) {
            c.setDoOutput(true);
            if (streaming) {
                c.setFixedLengthStreamingMode(body.length);
            }
        }
        if (connectFirst) {
            c.connect();
        }
        if (body != null) {
            try (OutputStream out = c.getOutputStream()) {
                out.write(body);
            }
        }
        return read(c);
    }

    /** The old style: no request method set, {@code getOutputStream()} makes the GET a POST. */
    static String legacyPost(String path, byte[] body) throws IOException {
        HttpURLConnection c = (HttpURLConnection) new URL(System.getProperty("provider.url") + path).openConnection();
        c.setDoOutput(true);
        c.setReadTimeout(Integer.getInteger("provider.timeout.ms", 3000));
        try (OutputStream out = c.getOutputStream()) {
            out.write(body);
        }
        return read(c);
    }

    private static String read(HttpURLConnection c) throws IOException {
        int status = c.getResponseCode();
        if (status >= 400) {
            throw new IOException("provider answered HTTP " + status);
        }
        try (InputStream in = c.getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static byte[] json(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
