package dev.intentguard.it.http;

import dev.intentguard.it.app.Provider;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.client.StringRequestContent;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Tools that call a provider with Eclipse Jetty's {@code HttpClient} 12 (APIs of 12.0, the oldest version supported),
 * as an application builds it: redirects followed (Jetty's default), a total timeout of {@code provider.timeout.ms} per
 * request. Each call prints the key the caller's request object ended up with, as {@code CALLER_REQUEST_KEY}.
 */
public class JettyTools {
    static final HttpClient CLIENT = start();

    private static HttpClient start() {
        HttpClient client = new HttpClient();
        try {
            client.start();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return client;
    }

    /** side_effect tool: a POST with a JSON body, blocking {@code send()}. */
    public String post(String orderId, String path) throws IOException {
        return send("POST", path, orderId);
    }

    /** side_effect tool with a retry loop of its own: on an I/O error it POSTs once more (a new request object). */
    public String postWithOwnLoop(String orderId, String path) throws IOException {
        try {
            return send("POST", path, orderId);
        } catch (IOException first) {
            System.out.println("LOOP first attempt failed: " + first);
            return send("POST", path, orderId);
        }
    }

    /** side_effect tool: the POST sent with {@code send(listener)}, not waited for. */
    public String postAndForget(String orderId, String path) {
        request("POST", path, orderId).send(result -> System.out.println("ASYNC done " + (result.isSucceeded()
                ? result.getResponse().getStatus() : String.valueOf(result.getFailure()))));
        return "sent";
    }

    /** side_effect tool: the POST sent with {@code send(listener)}, and waited for. */
    public String postAndWait(String orderId, String path) throws Exception {
        CompletableFuture<Integer> status = new CompletableFuture<>();
        request("POST", path, orderId).send(result -> {
            if (result.isSucceeded()) {
                status.complete(result.getResponse().getStatus());
            } else {
                status.completeExceptionally(result.getFailure());
            }
        });
        return "status " + status.get(10, TimeUnit.SECONDS);
    }

    static Request request(String method, String path, String orderId) {
        Request request = CLIENT.newRequest(System.getProperty("provider.url") + path).method(method)
                .timeout(Integer.getInteger("provider.timeout.ms", 3000), TimeUnit.MILLISECONDS);
        if (orderId != null) {
            request.body(new StringRequestContent("application/json", "{\"order\":\"" + orderId + "\"}"));
        }
        return request;
    }

    static String send(String method, String path, String orderId) throws IOException {
        Request request = request(method, path, orderId);
        try {
            ContentResponse response = request.send();
            if (response.getStatus() >= 400) {
                throw new Provider.ProviderException(response.getStatus());
            }
            return response.getContentAsString();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException ? (IOException) e.getCause() : new IOException(e.getCause());
        } catch (TimeoutException e) {
            throw new IOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        } finally {
            String key = request.getHeaders().get("Idempotency-Key");
            System.out.println("CALLER_REQUEST_KEY " + (key == null ? "none" : key));
        }
    }
}
