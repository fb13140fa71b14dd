package dev.intentguard.it.discover;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;

/** The loopback payments provider the discovered tools call (plain HttpURLConnection: the agent keys it). */
final class Payments {
    private Payments() {
    }

    static String url() {
        return System.getProperty("payments.url");
    }

    /** {@code POST /refunds}; the provider holds its answer past the 500 ms read timeout (an unknown outcome). */
    static String refund(String orderId, long amountCents) throws IOException {
        HttpURLConnection c = (HttpURLConnection) new URL(url() + "/refunds").openConnection();
        c.setRequestMethod("POST");
        c.setDoOutput(true);
        c.setConnectTimeout(2_000);
        c.setReadTimeout(500);
        c.setRequestProperty("Content-Type", "application/json");
        try (OutputStream out = c.getOutputStream()) {
            out.write(("{\"order\":\"" + orderId + "\",\"amount\":" + amountCents + "}").getBytes(StandardCharsets.UTF_8));
        }
        int status = c.getResponseCode();
        String body = read(c.getInputStream());
        if (status != 200) {
            throw new IOException("payments answered " + status);
        }
        return body;
    }

    /** {@code GET /lookup?order=X}: the refund made for the order, or {@code null}. */
    static String lookup(String orderId) throws IOException {
        HttpURLConnection c = (HttpURLConnection) new URL(url() + "/lookup?order=" + orderId).openConnection();
        c.setConnectTimeout(2_000);
        c.setReadTimeout(2_000);
        if (c.getResponseCode() == 404) {
            return null;
        }
        return read(c.getInputStream());
    }

    private static String read(InputStream in) throws IOException {
        try (InputStream i = in) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            i.transferTo(b);
            return b.toString(StandardCharsets.UTF_8);
        }
    }

    /** Blocks until the test writes a line to stdin (it lets the reconciler settle the unknown refund first). */
    static void awaitGo() throws IOException {
        System.out.println("WAITING");
        System.out.flush();
        java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(System.in, StandardCharsets.UTF_8));
        in.readLine();
    }

    static String oneLine(String s) {
        return s == null ? "null" : s.replace('\n', ' ').replace('\r', ' ');
    }
}
