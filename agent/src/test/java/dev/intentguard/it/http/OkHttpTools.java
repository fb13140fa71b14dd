package dev.intentguard.it.http;

import dev.intentguard.it.app.Provider;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Tools that call a provider with OkHttp, as application code does: one shared client with OkHttp's
 * defaults (retryOnConnectionFailure on, redirects followed), a read timeout of {@code provider.timeout.ms}.
 * Compiled against OkHttp 4; the same class runs on OkHttp 5 (the ITs choose the jars).
 */
public class OkHttpTools {
    static final OkHttpClient CLIENT = new OkHttpClient.Builder()
            .connectTimeout(2, TimeUnit.SECONDS)
            .readTimeout(Long.getLong("provider.timeout.ms", 3000), TimeUnit.MILLISECONDS)
            .build();
    private static final MediaType JSON = MediaType.get("application/json");

    /** side_effect tool: a POST with {@code Call.execute()} on the tool's thread. */
    public String post(String orderId, String path) throws IOException {
        return execute(request("POST", path, orderId));
    }

    /** side_effect tool: the same POST with {@code Call.enqueue}, run on OkHttp's dispatcher thread. */
    public String postAsync(String orderId, String path) throws IOException, InterruptedException {
        CompletableFuture<String> result = new CompletableFuture<>();
        CLIENT.newCall(request("POST", path, orderId)).enqueue(new Callback() {
            @Override
            public void onFailure(Call call, IOException e) {
                result.completeExceptionally(e);
            }

            @Override
            public void onResponse(Call call, Response response) {
                try {
                    result.complete(read(response));
                } catch (IOException | RuntimeException e) {
                    result.completeExceptionally(e);
                }
            }
        });
        try {
            return result.get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException) {
                throw (IOException) e.getCause();
            }
            throw (RuntimeException) e.getCause();
        } catch (java.util.concurrent.TimeoutException e) {
            throw new IOException("no answer from the dispatcher", e);
        }
    }

    /** side_effect tool: a POST whose caller sets its own Idempotency-Key (an SDK's per-call UUID, say). */
    public String postWithOwnKey(String orderId, String path) throws IOException {
        return execute(request("POST", path, orderId).newBuilder().header("Idempotency-Key", "caller-chosen-key").build());
    }

    /** Outside any tool. */
    static String send(String method, String path, String orderId) throws IOException {
        return execute(request(method, path, orderId));
    }

    private static Request request(String method, String path, String orderId) {
        Request.Builder b = new Request.Builder().url(System.getProperty("provider.url") + path);
        if (method.equals("GET")) {
            return b.get().build();
        }
        return b.method(method, RequestBody.create("{\"order\":\"" + orderId + "\"}", JSON)).build();
    }

    private static String execute(Request request) throws IOException {
        return read(CLIENT.newCall(request).execute());
    }

    private static String read(Response response) throws IOException {
        try (Response r = response) {
            String body = r.body().string();
            if (r.code() >= 400) {
                throw new Provider.ProviderException(r.code());
            }
            return body;
        }
    }
}
