package dev.intentguard.sample;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A payments provider on 127.0.0.1 that creates a refund for every {@code POST /v1/refunds} it receives
 * (at once, when the request arrives) and answers late for the orders it is slow on: past the client's
 * timeout, so the client sees a timeout for a refund that was made. It keeps a log of every write request.
 * {@code GET /v1/refunds?order=...} lists an order's refunds once they are processed: a slow order's refund is
 * made when its request arrives but listed only when its answer is ready (a lookup lags behind a slow write, as
 * a provider's search does), so a check made at the client's timeout finds nothing and one made later finds it.
 *
 * <p>By default it honours no {@code Idempotency-Key} (like many providers). With
 * {@code honourIdempotencyKey} it behaves like Stripe: the first response for a key is saved and replayed
 * to repeats, a repeat while the first is still running gets 409, and the same key with other parameters
 * gets 400.
 *
 * <p>Run it alone: {@code java -cp ... dev.intentguard.sample.FakePaymentsProvider [--port 8099]
 * [--slow-orders 8812] [--delay-ms 3000] [--honour-idempotency-key]}.
 */
public final class FakePaymentsProvider implements AutoCloseable {
    /** How the provider behaves. */
    public record Settings(Set<String> slowOrders, Duration delay, boolean honourIdempotencyKey) {
        public static Settings incident() {
            return new Settings(Set.of("8812"), Duration.ofMillis(3000), false);
        }

        public Settings honouringIdempotencyKey() {
            return new Settings(slowOrders, delay, true);
        }
    }

    /** One request as received, with what the provider did about it. */
    public record Received(int seq, String method, String path, String order, String amount, String idempotencyKey,
                           String outcome, String refundId) {
    }

    /** A refund the provider made. */
    public record RefundRecord(String id, String order, String amount, String idempotencyKey) {
    }

    private record Saved(String order, String amount, String response) {
    }

    private final Settings settings;
    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "fake-payments-provider");
        t.setDaemon(true);
        return t;
    });
    private final ObjectMapper json = new ObjectMapper();
    private final Object lock = new Object();
    private final List<Received> log = new ArrayList<>();
    private final List<RefundRecord> refunds = new ArrayList<>();
    private final Map<String, Saved> keys = new HashMap<>();
    /** The order of every lookup ({@code GET /v1/refunds?order=}), in order; the log keeps the writes. */
    private final List<String> lookups = new ArrayList<>();
    /** Ids of the refunds whose processing is over: what the list shows. */
    private final Set<String> processed = new java.util.HashSet<>();
    private volatile boolean echo;

    public FakePaymentsProvider(Settings settings) throws IOException {
        this(settings, 0);
    }

    public FakePaymentsProvider(Settings settings, int port) throws IOException {
        this.settings = settings;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 64);
        server.createContext("/v1/refunds", this::refunds);
        server.setExecutor(executor);
        server.start();
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public Settings settings() {
        return settings;
    }

    /** Every write ({@code POST}) received so far. */
    public List<Received> log() {
        synchronized (lock) {
            return List.copyOf(log);
        }
    }

    /** The order asked about by every lookup so far ({@code GET /v1/refunds?order=}), in order. */
    public List<String> lookups() {
        synchronized (lock) {
            return List.copyOf(lookups);
        }
    }

    /** Every refund made so far. */
    public List<RefundRecord> refundsMade() {
        synchronized (lock) {
            return List.copyOf(refunds);
        }
    }

    /** Refunds made, per order. */
    public Map<String, Integer> refundsPerOrder() {
        Map<String, Integer> out = new TreeMap<>();
        for (RefundRecord r : refundsMade()) {
            out.merge(r.order(), 1, Integer::sum);
        }
        return out;
    }

    private void refunds(HttpExchange exchange) throws IOException {
        try {
            if (exchange.getRequestMethod().equals("GET")) {
                list(exchange);
            } else if (exchange.getRequestMethod().equals("POST")) {
                create(exchange);
            } else {
                send(exchange, 405, "{\"error\":\"method not allowed\"}");
            }
        } catch (IOException clientGone) {
            // The client timed out and closed the connection. The refund, if any, was made all the same.
        } finally {
            exchange.close();
        }
    }

    private void create(HttpExchange exchange) throws IOException {
        JsonNode body = json.readTree(exchange.getRequestBody().readAllBytes());
        String order = body.path("order").asText();
        String amount = body.path("amount").asText();
        String key = exchange.getRequestHeaders().getFirst("Idempotency-Key");
        String answer;
        int status;
        RefundRecord made = null;
        synchronized (lock) {
            int seq = log.size() + 1;
            Saved saved = settings.honourIdempotencyKey() && key != null ? keys.get(key) : null;
            if (saved != null && (!saved.order().equals(order) || !saved.amount().equals(amount))) {
                record(new Received(seq, "POST", "/v1/refunds", order, amount, key, "rejected (key reused with other parameters)", null));
                status = 400;
                answer = "{\"error\":{\"type\":\"idempotency_error\",\"message\":\"Keys for idempotent requests can only be used with the same parameters they were first used with.\"}}";
            } else if (saved != null && saved.response() == null) {
                record(new Received(seq, "POST", "/v1/refunds", order, amount, key, "conflict (first request with this key still running)", null));
                status = 409;
                answer = "{\"error\":{\"type\":\"idempotency_error\",\"message\":\"There is currently another in-progress request using this Idempotent Key.\"}}";
            } else if (saved != null) {
                record(new Received(seq, "POST", "/v1/refunds", order, amount, key, "replayed (same key)", null));
                status = 200;
                answer = saved.response();
            } else {
                made = new RefundRecord("re_" + (refunds.size() + 1), order, amount, key);
                refunds.add(made);
                if (settings.honourIdempotencyKey() && key != null) {
                    keys.put(key, new Saved(order, amount, null));
                }
                record(new Received(seq, "POST", "/v1/refunds", order, amount, key, "refund created", made.id()));
                status = 200;
                answer = null;
            }
        }
        if (made == null) {
            send(exchange, status, answer);
            return;
        }
        if (settings.slowOrders().contains(order)) {
            sleep(settings.delay());
        }
        ObjectNode refund = json.createObjectNode().put("id", made.id()).put("object", "refund").put("order", order)
                .put("amount", amount).put("currency", "usd").put("status", "succeeded");
        answer = json.writeValueAsString(refund);
        synchronized (lock) {
            processed.add(made.id());
            if (settings.honourIdempotencyKey() && key != null) {
                keys.put(key, new Saved(order, amount, answer));
            }
        }
        send(exchange, 200, answer);
    }

    private void list(HttpExchange exchange) throws IOException {
        String query = exchange.getRequestURI().getQuery();
        String order = query != null && query.startsWith("order=") ? query.substring("order=".length()) : null;
        ArrayNode data = json.createArrayNode();
        List<RefundRecord> listed;
        synchronized (lock) {
            listed = refunds.stream().filter(r -> processed.contains(r.id())).toList();
            lookups.add(order == null ? "" : order);
        }
        for (RefundRecord r : listed) {
            if (order == null || order.equals(r.order())) {
                data.addObject().put("id", r.id()).put("order", r.order()).put("amount", r.amount()).put("status", "succeeded");
            }
        }
        ObjectNode page = json.createObjectNode();
        page.set("data", data);
        send(exchange, 200, json.writeValueAsString(page));
    }

    private void record(Received r) {
        log.add(r);
        if (echo) {
            System.out.println("provider: #" + r.seq() + " " + r.method() + " " + r.path() + " order=" + r.order() + " amount="
                    + r.amount() + " key=" + r.idempotencyKey() + " -> " + r.outcome() + (r.refundId() == null ? "" : " " + r.refundId()));
        }
    }

    private static void send(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public static void main(String[] args) throws Exception {
        int port = 8099;
        Set<String> slow = Set.of("8812");
        long delay = 3000;
        boolean honour = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--port" -> port = Integer.parseInt(args[++i]);
                case "--slow-orders" -> slow = Set.of(args[++i].split(","));
                case "--delay-ms" -> delay = Long.parseLong(args[++i]);
                case "--honour-idempotency-key" -> honour = true;
                default -> {
                    System.err.println("usage: FakePaymentsProvider [--port 8099] [--slow-orders 8812,...] [--delay-ms 3000] "
                            + "[--honour-idempotency-key]");
                    System.exit(2);
                }
            }
        }
        FakePaymentsProvider provider = new FakePaymentsProvider(new Settings(slow, Duration.ofMillis(delay), honour), port);
        provider.echo = true;
        Map<String, Object> about = new LinkedHashMap<>();
        about.put("slow orders", slow);
        about.put("delay ms", delay);
        about.put("honours Idempotency-Key", honour);
        System.out.println("fake payments provider on " + provider.url() + " " + about + " (Ctrl-C to stop)");
        Thread.currentThread().join();
    }
}
