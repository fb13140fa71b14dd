package dev.intentguard.agent.testkit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real HTTP server on 127.0.0.1 standing in for a payments provider: it records every request it
 * receives (method, path, headers, body) and answers as a test tells it to (late, with a status).
 */
public final class LoopbackServer implements AutoCloseable {
    /** One request as received. */
    public static final class Request {
        public final String method;
        public final String path;
        public final Map<String, String> headers;
        public final String body;
        /** The server acted on it (answered below 400, or answered late): a refund made, for the lookup. */
        volatile boolean processed;
        /** Answered from the first request with the same idempotency key ({@link #replayKeys}): no new effect. */
        volatile boolean replayed;

        Request(String method, String path, Map<String, String> headers, String body) {
            this.method = method;
            this.path = path;
            this.headers = headers;
            this.body = body;
        }

        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        @Override
        public String toString() {
            return method + " " + path + " " + headers + " " + body;
        }
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final List<Request> requests = new ArrayList<>();
    private final AtomicInteger ids = new AtomicInteger();
    private volatile long delayMillis;
    private volatile int status = 200;
    private volatile boolean lookupsVisible = true;
    /** Statuses for the next POSTs, in order (then {@link #status}). */
    private final java.util.Deque<Integer> answers = new java.util.ArrayDeque<>();
    private volatile String retryAfter;
    /** The header a provider that replays a key's first response reads ({@code null}: every request is new). */
    private volatile String replayHeader;
    private final Map<String, Object[]> firstAnswers = new java.util.HashMap<>();
    private static final Object[] IN_PROGRESS = new Object[0];

    public LoopbackServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.createContext("/", this::handle);
        server.setExecutor(executor);
        server.start();
    }

    /** Holds every response this long (past a client's timeout, for the unknown-outcome cases). */
    public LoopbackServer delay(long millis) {
        this.delayMillis = millis;
        return this;
    }

    public LoopbackServer status(int status) {
        this.status = status;
        return this;
    }

    /** The next POSTs are answered with these statuses, one each, in order; after them, {@link #status}. */
    public LoopbackServer answers(int... statuses) {
        synchronized (answers) {
            answers.clear();
            for (int s : statuses) {
                answers.add(s);
            }
        }
        return this;
    }

    /** A {@code Retry-After} header on every 429 and 503 ({@code null}: none). */
    public LoopbackServer retryAfter(String value) {
        this.retryAfter = value;
        return this;
    }

    /**
     * Answers a request whose {@code header} carries a key seen before with the first answer to that key, without acting
     * again, as Stripe does (its 500s included).
     */
    public LoopbackServer replayKeys(String header) {
        this.replayHeader = header.toLowerCase(Locale.ROOT);
        return this;
    }

    /** POSTs under {@code pathPrefix} the server acted on (not refused, not replayed): the effects. */
    public int effects(String pathPrefix) {
        int n = 0;
        for (Request r : requests("POST", pathPrefix)) {
            n += r.processed && !r.replayed ? 1 : 0;
        }
        return n;
    }

    /**
     * Whether {@code GET /lookup?order=X} finds refunds already made (a provider's search lags behind its writes:
     * a check may not see a refund at first).
     */
    public LoopbackServer lookupsVisible(boolean visible) {
        this.lookupsVisible = visible;
        return this;
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    private void handle(HttpExchange exchange) throws IOException {
        if (exchange.getRequestURI().getPath().equals("/lookup")) {
            lookup(exchange);
            return;
        }
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        Map<String, String> headers = new TreeMap<>();
        exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), String.join(",", v)));
        Request request = new Request(exchange.getRequestMethod(), exchange.getRequestURI().getPath(), headers, body);
        synchronized (requests) {
            requests.add(request);
        }
        String replayKey = replayHeader == null ? null : headers.get(replayHeader);
        Object[] first = null;
        if (replayKey != null) {
            synchronized (firstAnswers) {
                first = firstAnswers.putIfAbsent(replayKey, IN_PROGRESS);
            }
        }
        if (first == IN_PROGRESS) {                                         // Stripe: the first is still being processed
            request.replayed = true;
            respond(exchange, 409, "{\"error\":\"idempotent request in progress\"}".getBytes(StandardCharsets.UTF_8));
            return;
        }
        if (first != null) {
            request.replayed = true;
            request.processed = true;
            respond(exchange, (Integer) first[0], (byte[]) first[1]);
            return;
        }
        Integer scripted;
        synchronized (answers) {
            scripted = request.method.equals("POST") ? answers.poll() : null;
        }
        int answerStatus = scripted != null ? scripted : status;
        request.processed = answerStatus < 400 || answerStatus >= 500;      // a 5xx may have acted; a 4xx did not
        long delay = delayMillis;
        if (delay > 0) {
            try {
                Thread.sleep(delay);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        byte[] answer = ("{\"id\":\"re_" + ids.incrementAndGet() + "\",\"path\":\"" + exchange.getRequestURI().getPath() + "\"}")
                .getBytes(StandardCharsets.UTF_8);
        if (replayKey != null) {
            synchronized (firstAnswers) {
                firstAnswers.put(replayKey, new Object[] {answerStatus, answer});
            }
        }
        respond(exchange, answerStatus, answer);
    }

    private void respond(HttpExchange exchange, int answerStatus, byte[] answer) {
        try {
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            if (retryAfter != null && (answerStatus == 429 || answerStatus == 503)) {
                exchange.getResponseHeaders().add("Retry-After", retryAfter);
            }
            exchange.sendResponseHeaders(answerStatus, answer.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(answer);
            }
        } catch (IOException clientGone) {
            // the client timed out and closed the connection: the request was still received and acted on
        } finally {
            exchange.close();
        }
    }

    /** {@code GET /lookup?order=X}: the first refund made for order X, or 404 (not recorded as a request). */
    private void lookup(HttpExchange exchange) throws IOException {
        String order = String.valueOf(exchange.getRequestURI().getQuery()).replaceFirst("^order=", "");
        String found = null;
        if (lookupsVisible) {
            List<Request> all = requests("POST", "/refunds");
            for (int i = 0; i < all.size(); i++) {
                if (all.get(i).processed && all.get(i).body.contains("\"order\":\"" + order + "\"")) {
                    found = "{\"id\":\"re_" + (i + 1) + "\",\"order\":\"" + order + "\",\"found\":true}";
                    break;
                }
            }
        }
        byte[] answer = (found == null ? "{\"error\":\"not found\"}" : found).getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(found == null ? 404 : 200, answer.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(answer);
        }
        exchange.close();
    }

    public List<Request> requests() {
        synchronized (requests) {
            return new ArrayList<>(requests);
        }
    }

    /** Requests with this method whose path starts with {@code pathPrefix}. */
    public List<Request> requests(String method, String pathPrefix) {
        List<Request> out = new ArrayList<>();
        for (Request r : requests()) {
            if (r.method.equals(method) && r.path.startsWith(pathPrefix)) {
                out.add(r);
            }
        }
        return out;
    }

    public int posts(String pathPrefix) {
        return requests("POST", pathPrefix).size();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
