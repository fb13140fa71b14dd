package dev.intentguard.it.http;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Tools of a payments agent written as plain application code; the tests classify them in the config. Each calls
 * the provider with one of the JDK clients, on the calling thread or on other threads.
 */
public class HttpTools {
    /** What {@code afterExecute} saw: the task the application submitted, or something else. */
    static volatile String afterExecuteSaw = "nothing";
    /**
     * Counted down by {@code afterExecute}: a submitter's {@code Future.get()} returns as the task completes, before
     * the worker calls {@code afterExecute}, so whoever reads {@link #afterExecuteSaw} waits for this first.
     */
    static final CountDownLatch AFTER_EXECUTE = new CountDownLatch(1);

    private static final ExecutorService POOL = new ThreadPoolExecutor(2, 2, 1, TimeUnit.MINUTES, new LinkedBlockingQueue<>()) {
        @Override
        protected void afterExecute(Runnable r, Throwable t) {
            afterExecuteSaw = r instanceof Future ? "the submitted Future" : r.getClass().getName();
            AFTER_EXECUTE.countDown();
        }
    };
    private static final ForkJoinPool FORK_JOIN = new ForkJoinPool(2);

    private static byte[] order(String orderId) {
        return UrlConnection.json("{\"order\":\"" + orderId + "\"}");
    }

    // --- java.net.http

    public String jdkCharge(String orderId, int cents) throws IOException, InterruptedException {
        return JdkHttp.send("POST", "/charges", "{\"order\":\"" + orderId + "\",\"cents\":" + cents + "}");
    }

    public String jdkChargeAsync(String orderId, int cents) throws InterruptedException, ExecutionException {
        return JdkHttp.sendAsync("POST", "/charges", "{\"order\":\"" + orderId + "\",\"cents\":" + cents + "}").get();
    }

    /** Like many tools: the error becomes text for the model, nothing is thrown. */
    public String jdkChargeQuietly(String orderId, int cents) {
        try {
            return JdkHttp.send("POST", "/charges", "{\"order\":\"" + orderId + "\",\"cents\":" + cents + "}");
        } catch (IOException | InterruptedException e) {
            return "error: " + e;
        }
    }

    public String jdkChargePresetKey(String orderId, int cents) throws IOException, InterruptedException {
        return JdkHttp.answer(JdkHttp.CLIENT.send(JdkHttp.request("POST", "/charges",
                "{\"order\":\"" + orderId + "\"}", "sdk-generated-uuid"), java.net.http.HttpResponse.BodyHandlers.ofString()));
    }

    /** Sends from a {@code CompletableFuture.supplyAsync} task. */
    public String jdkChargeOnPool(String orderId, int cents) throws InterruptedException, ExecutionException {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return JdkHttp.send("POST", "/charges", "{\"order\":\"" + orderId + "\",\"cents\":" + cents + "}");
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }).get();
    }

    /** A charge, then a receipt sent from an {@code *Async} stage that runs when the charge's response arrives. */
    public String jdkChargeThenReceipt(String orderId, int cents) throws InterruptedException, ExecutionException {
        return JdkHttp.sendAsync("POST", "/charges", "{\"order\":\"" + orderId + "\"}")
                .thenComposeAsync(charge -> JdkHttp.sendAsync("POST", "/receipts", "{\"charge\":" + charge + "}"))
                .get();
    }

    public String jdkSetLimit(String account, int limit) throws IOException, InterruptedException {
        return JdkHttp.send("PUT", "/limits/" + account, "{\"limit\":" + limit + "}");
    }

    // --- HttpURLConnection

    public String hucRefund(String orderId, int cents) throws IOException {
        return UrlConnection.send("POST", "/refunds", UrlConnection.json("{\"order\":\"" + orderId + "\",\"cents\":" + cents + "}"), null);
    }

    /** Like many tools: the error becomes text for the model, nothing is thrown. */
    public String hucRefundQuietly(String orderId, int cents) {
        try {
            return UrlConnection.send("POST", "/refunds", order(orderId), null);
        } catch (IOException e) {
            return "error: " + e;
        }
    }

    public String hucRefundPresetKey(String orderId, int cents) throws IOException {
        return UrlConnection.send("POST", "/refunds", order(orderId), "sdk-generated-uuid");
    }

    public String hucRefundStreaming(String orderId, int cents) throws IOException {
        return UrlConnection.send("POST", "/refunds", order(orderId), null, true);
    }

    public String hucRefundConnectFirst(String orderId, int cents) throws IOException {
        return UrlConnection.send("POST", "/refunds", order(orderId), null, false, true);
    }

    public String hucLegacyPost(String orderId, int cents) throws IOException {
        return UrlConnection.legacyPost("/refunds", order(orderId));
    }

    /** A large body: the write itself fails when the server resets before reading it. */
    public String hucUpload(String documentId, int megabytes) throws IOException {
        return UrlConnection.send("POST", "/documents", new byte[megabytes * 1024 * 1024], null);
    }

    public String hucRefundOnPool(String orderId, int cents) throws InterruptedException, ExecutionException {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return UrlConnection.send("POST", "/refunds", order(orderId), null);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }).get();
    }

    public String hucSetLimit(String account, int limit) throws IOException {
        return UrlConnection.send("PUT", "/limits/" + account, UrlConnection.json("{\"limit\":" + limit + "}"), null);
    }

    // --- executors

    public String executorRefund(String orderId, int cents) throws InterruptedException, ExecutionException {
        return POOL.submit(() -> UrlConnection.send("POST", "/refunds", order(orderId), null)).get();
    }

    public String executeRefund(String orderId, int cents) throws InterruptedException, ExecutionException {
        CompletableFuture<String> done = new CompletableFuture<>();
        POOL.execute(() -> {
            try {
                done.complete(UrlConnection.send("POST", "/refunds", order(orderId), null));
            } catch (IOException e) {
                done.completeExceptionally(e);
            }
        });
        return done.get();
    }

    public String forkJoinCharge(String orderId, int cents) throws InterruptedException, ExecutionException {
        return FORK_JOIN.submit(() -> JdkHttp.send("POST", "/charges", "{\"order\":\"" + orderId + "\"}")).get();
    }

    public String scheduledCharge(String orderId, int cents) throws InterruptedException, ExecutionException {
        java.util.concurrent.ScheduledExecutorService s = Executors.newSingleThreadScheduledExecutor();
        try {
            return s.schedule(() -> JdkHttp.send("POST", "/charges", "{\"order\":\"" + orderId + "\"}"), 10,
                    TimeUnit.MILLISECONDS).get();
        } finally {
            s.shutdown();
        }
    }
}
