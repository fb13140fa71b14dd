package dev.intentguard.it.audit;

import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A refund tool as application code writes it: OkHttp with its defaults (retryOnConnectionFailure on), a GET to the
 * provider's status page first (which leaves a pooled connection), then the POST. Called under a Resilience4j Retry
 * by {@link RetryLayersApp}: four layers of the stack in one call (framework, tool, client, wire).
 */
public class RetriedRefunds {
    static final OkHttpClient CLIENT = new OkHttpClient.Builder()
            .connectTimeout(2, TimeUnit.SECONDS)
            .readTimeout(3, TimeUnit.SECONDS)
            .build();
    private static final MediaType JSON = MediaType.get("application/json");
    private static final Pattern ID = Pattern.compile("\"id\":\"([^\"]+)\"");

    /** side_effect tool (key: orderId). */
    public Receipt refund(String orderId, String path) throws IOException {
        String base = System.getProperty("provider.url");
        try (Response status = CLIENT.newCall(new Request.Builder().url(base + "/status").get().build()).execute()) {
            status.body().string();
        }
        Request post = new Request.Builder().url(base + path)
                .post(RequestBody.create("{\"order\":\"" + orderId + "\"}", JSON)).build();
        try (Response r = CLIENT.newCall(post).execute()) {
            String body = r.body().string();
            if (r.code() >= 400) {
                throw new IOException("provider answered " + r.code());
            }
            Matcher m = ID.matcher(body);
            return new Receipt(m.find() ? m.group(1) : "?", path);
        }
    }
}
