package dev.intentguard.junit;

import org.opentest4j.AssertionFailedError;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A payments (or mail, or ticket) provider on 127.0.0.1 that fails the way real ones do, for the client a tool
 * uses: point the tool's base URL at {@link #url()}. Each write request (POST, PUT, PATCH, DELETE) gets the next
 * scripted {@link Fault} (then {@link Fault#answer()}); reads (GET) are lookups of the effects made, for a tool's
 * {@code check}. It counts effects per business intent ({@link #intentOf}), records every request with its
 * idempotency key, and honours keys as Stripe does when told to ({@link #honourKeys}).
 *
 * <p>A write's answer is JSON: its own JSON body (or {@code {}}) with {@code "id"} ({@code fx_1}, {@code fx_2}, ...)
 * and {@code "status": "succeeded"} first, unless {@link #answerWith} says otherwise. A lookup
 * {@code GET /any/path?order=8812} answers {@code {"data": [...]}}: the answers of the effects whose request or answer
 * has each query field with that value ({@link ProviderRequest#field}).
 */
public final class FaultyProvider implements AutoCloseable {
    static final String DEFAULT_KEY_HEADER = "Idempotency-Key";
    private static final String FAILED_BODY = "{\"error\":\"internal error\"}";

    private final InetAddress loopback = InetAddress.getLoopbackAddress();
    private final int port;
    private volatile ServerSocket listener;
    private volatile Thread acceptor;
    private final Set<Socket> connections = ConcurrentHashMap.newKeySet();
    private final List<ProviderRequest> requests = new ArrayList<>();
    private final List<Object[]> effects = new ArrayList<>();          // {intent, answer body, request}
    private final Deque<Fault> script = new ArrayDeque<>();
    private final Map<String, String> firstAnswers = new HashMap<>();  // key -> "status\nbody", or IN_PROGRESS
    private static final String IN_PROGRESS = "";
    private volatile Function<ProviderRequest, String> intentOf = r -> r.method() + " " + r.path();
    private volatile Function<ProviderRequest, String> answerWith;
    private volatile String keyHeader = DEFAULT_KEY_HEADER;
    private volatile boolean honourKeys;
    private volatile boolean closed;

    public FaultyProvider() {
        try {
            ServerSocket s = new ServerSocket();
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress(loopback, 0), 64);
            this.port = s.getLocalPort();
            listen(s);
        } catch (IOException e) {
            throw new IllegalStateException("cannot listen on 127.0.0.1: " + e, e);
        }
    }

    /** {@code http://127.0.0.1:<port>}: the base URL to give the tool's client. */
    public String url() {
        return "http://" + loopback.getHostAddress() + ":" + port;
    }

    public int port() {
        return port;
    }

    /** The next write requests get these faults, in order; the ones after them are answered normally. */
    public synchronized FaultyProvider script(Fault... faults) {
        script.addAll(List.of(faults));
        return this;
    }

    /**
     * What identifies the business intent of a write, for counting effects: for a refund, the order and the amount
     * ({@code r -> r.field("order") + "/" + r.field("amount")}), never a free-text reason. By default the method and the
     * path: every write to one endpoint counts as the same intent, so two different refunds read as a duplicate (a
     * default that can fail a correct tool, never pass a duplicating one).
     */
    public FaultyProvider intentOf(Function<ProviderRequest, String> intent) {
        this.intentOf = Objects.requireNonNull(intent);
        return this;
    }

    /** The JSON a processed write is answered with (instead of its body with an id). */
    public FaultyProvider answerWith(Function<ProviderRequest, String> body) {
        this.answerWith = body;
        return this;
    }

    /**
     * Honours idempotency keys as Stripe does: a write whose key was seen is answered with the first answer of that
     * key (a 5xx after processing included) and makes no effect; while the first is still being answered, a second
     * gets 409. A write rejected before processing leaves its key free. Without this (the default) every processed
     * write is an effect, as with most providers.
     */
    public FaultyProvider honourKeys() {
        this.honourKeys = true;
        return this;
    }

    /** The header keys travel in ({@code Idempotency-Key} by default). */
    public FaultyProvider keyHeader(String name) {
        this.keyHeader = name;
        return this;
    }

    /**
     * The provider is down: new connections are refused (nothing can have been processed) until
     * {@link #acceptConnections}. Connections already open stay, as they would for a server whose listener stopped:
     * a pooled connection that failed mid-request would prove nothing either way.
     */
    public synchronized FaultyProvider refuseConnections() {
        ServerSocket s = listener;
        listener = null;
        closeQuietly(s);
        Thread t = acceptor;
        if (t != null) {
            try {
                t.join(5_000);                          // its accept has returned: the port refuses from now on
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return this;
    }

    /** The provider is up again, on the same port. */
    public synchronized FaultyProvider acceptConnections() {
        if (listener == null && !closed) {
            try {
                ServerSocket s = new ServerSocket();
                s.setReuseAddress(true);
                s.bind(new InetSocketAddress(loopback, port), 64);
                listen(s);
            } catch (IOException e) {
                throw new IllegalStateException("cannot listen on port " + port + " again: " + e, e);
            }
        }
        return this;
    }

    /** Every request received, in order. */
    public synchronized List<ProviderRequest> requests() {
        return List.copyOf(requests);
    }

    /** The write requests of {@code intent}, in order. */
    public synchronized List<ProviderRequest> requestsOf(String intent) {
        return requests.stream().filter(r -> intent.equals(r.intent)).collect(Collectors.toList());
    }

    /** How many effects {@code intent} had (refunds made, mails sent). */
    public synchronized int effectsOf(String intent) {
        return (int) effects.stream().filter(e -> intent.equals(e[0])).count();
    }

    /** Effects per business intent, in the order the intents were first seen. */
    public synchronized Map<String, Integer> effects() {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (Object[] e : effects) {
            out.merge((String) e[0], 1, Integer::sum);
        }
        return out;
    }

    /** Fails unless {@code intent} had exactly one effect, naming each request that made one. */
    public void assertExactlyOneEffect(String intent) {
        int n = effectsOf(intent);
        if (n != 1) {
            throw new AssertionFailedError((n == 0 ? "no effect" : n + " effects (duplicate effect)") + " for intent "
                    + intent + ", expected exactly one" + describe(requestsOf(intent)), 1, n);
        }
    }

    /** Fails if any intent had more than one effect, naming the duplicates. */
    public void assertNoDuplicateEffect() {
        StringBuilder out = new StringBuilder();
        effects().forEach((intent, n) -> {
            if (n > 1) {
                out.append("\n").append(n).append(" effects (duplicate effect) for intent ").append(intent)
                        .append(describe(requestsOf(intent)));
            }
        });
        if (out.length() > 0) {
            throw new AssertionFailedError("a duplicate effect:" + out);
        }
    }

    /**
     * Fails unless every write request carried an idempotency key, and all the requests of one intent the same key
     * (one key per business intent, never per attempt).
     */
    public void assertEveryAttemptCarriedOneKey() {
        Map<String, List<ProviderRequest>> byIntent = new LinkedHashMap<>();
        for (ProviderRequest r : requests()) {
            if (r.isWrite()) {
                byIntent.computeIfAbsent(r.intent, k -> new ArrayList<>()).add(r);
            }
        }
        StringBuilder out = new StringBuilder();
        byIntent.forEach((intent, rs) -> {
            Set<String> keys = rs.stream().map(r -> String.valueOf(r.idempotencyKey())).collect(Collectors.toSet());
            if (rs.stream().anyMatch(r -> r.idempotencyKey() == null || r.idempotencyKey().isBlank())) {
                out.append("\nintent ").append(intent).append(": a request without ").append(keyHeader).append(describe(rs));
            } else if (keys.size() > 1) {
                out.append("\nintent ").append(intent).append(": ").append(keys.size()).append(" different keys ")
                        .append(keys).append(describe(rs));
            }
        });
        if (out.length() > 0) {
            throw new AssertionFailedError("not one key per business intent:" + out);
        }
    }

    private static String describe(List<ProviderRequest> rs) {
        StringBuilder out = new StringBuilder();
        for (ProviderRequest r : rs) {
            out.append("\n    ").append(r);
        }
        return out.toString();
    }

    @Override
    public synchronized void close() {
        closed = true;
        refuseConnections();
        for (Socket c : connections) {
            closeQuietly(c);
        }
    }

    private void listen(ServerSocket s) {
        listener = s;
        Thread t = new Thread(() -> {
            while (!s.isClosed()) {
                try {
                    Socket c = s.accept();
                    connections.add(c);
                    Thread h = new Thread(() -> serve(c), "faulty-provider-conn");
                    h.setDaemon(true);
                    h.start();
                } catch (IOException e) {
                    return;                                    // closed: refusing connections, or done
                }
            }
        }, "faulty-provider-" + port);
        t.setDaemon(true);
        acceptor = t;
        t.start();
    }

    private void serve(Socket c) {
        try (c; InputStream in = new BufferedInputStream(c.getInputStream()); OutputStream out = c.getOutputStream()) {
            while (true) {
                ProviderRequest r = read(in, out);
                if (r == null) {
                    return;
                }
                if (!handle(r, c, out)) {
                    return;
                }
            }
        } catch (IOException e) {
            // the client went away (its timeout): what it does next is the test's subject
        } finally {
            connections.remove(c);
        }
    }

    /** Answers {@code r}; {@code false} when the connection is done with. */
    private boolean handle(ProviderRequest r, Socket c, OutputStream out) throws IOException {
        r.keyHeader = keyHeader;
        if (!r.isWrite()) {
            r.handling = "lookup";
            respond(out, 200, lookup(r), null);
            return true;
        }
        String intent = intentOf.apply(r);
        r.intent = intent;
        String key = honourKeys ? r.idempotencyKey() : null;
        Fault fault;
        String replay = null;
        String answer = null;
        String stored = null;
        synchronized (this) {                                  // seeing the key and claiming it: one step
            if (key != null && firstAnswers.containsKey(key)) {
                replay = firstAnswers.get(key);
                fault = null;
            } else {
                fault = script.isEmpty() ? Fault.answer() : script.poll();
                if (fault.processes()) {
                    answer = answerOf(r, effects.size() + 1);
                    effects.add(new Object[] {intent, answer, r});
                    r.effect = true;
                    if (key != null) {
                        int status = fault.kind == Fault.Kind.FAIL_AFTER_PROCESSING ? fault.status : 200;
                        String body = fault.kind == Fault.Kind.FAIL_AFTER_PROCESSING ? FAILED_BODY : answer;
                        stored = status + "\n" + body;
                        firstAnswers.put(key, IN_PROGRESS);        // until it is answered: a concurrent repeat gets 409
                    }
                }
            }
        }
        if (replay != null) {
            r.replayed = true;
            if (replay.equals(IN_PROGRESS)) {
                r.handling = "409: its key's first request is still being processed";
                respond(out, 409, "{\"error\":\"a request with this key is in progress\"}", null);
                return true;
            }
            r.handling = "replayed the first answer of its key";
            int nl = replay.indexOf('\n');
            respond(out, Integer.parseInt(replay.substring(0, nl)), replay.substring(nl + 1), null);
            return true;
        }
        r.handling = fault.toString();
        if (!fault.processes()) {
            respond(out, fault.status, "{\"error\":\"not processed, retry later\"}", fault.retryAfter);
            return true;
        }
        try {
            return answer(fault, answer, c, out);
        } finally {
            if (stored != null) {
                synchronized (this) {
                    firstAnswers.put(key, stored);
                }
            }
        }
    }

    private boolean answer(Fault fault, String answer, Socket c, OutputStream out) throws IOException {
        switch (fault.kind) {
            case RESET_AFTER_PROCESSING:
                c.setSoLinger(true, 0);                        // RST, not FIN: the client sees a reset
                c.close();
                return false;
            case ANSWER_LATE:
                sleep(fault.delay);
                respond(out, 200, answer, null);
                return true;
            case FAIL_AFTER_PROCESSING:
                respond(out, fault.status, FAILED_BODY, null);
                return true;
            default:
                respond(out, 200, answer, null);
                return true;
        }
    }

    private String answerOf(ProviderRequest r, int number) {
        Function<ProviderRequest, String> custom = answerWith;
        if (custom != null) {
            return custom.apply(r);
        }
        String body = r.body().trim();
        String head = "{\"id\":\"fx_" + number + "\",\"status\":\"succeeded\"";
        return body.startsWith("{") && body.length() > 2 ? head + "," + body.substring(1) : head + "}";
    }

    private synchronized String lookup(ProviderRequest r) {
        List<String> hits = new ArrayList<>();
        for (Object[] e : effects) {
            String answer = (String) e[1];
            String request = ((ProviderRequest) e[2]).body();
            boolean all = true;
            if (!r.query().isEmpty()) {
                for (String pair : r.query().split("&")) {
                    int eq = pair.indexOf('=');
                    if (eq <= 0) {
                        continue;
                    }
                    String name = java.net.URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8);
                    String value = java.net.URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                    if (!value.equals(ProviderRequest.field(answer, name)) && !value.equals(ProviderRequest.field(request, name))) {
                        all = false;
                    }
                }
            }
            if (all) {
                hits.add(answer);
            }
        }
        return "{\"data\":[" + String.join(",", hits) + "]}";
    }

    private ProviderRequest read(InputStream in, OutputStream out) throws IOException {
        String line = readLine(in);
        while (line != null && line.isEmpty()) {
            line = readLine(in);
        }
        if (line == null) {
            return null;
        }
        String[] parts = line.split(" ");
        if (parts.length < 3) {
            throw new IOException("not an HTTP request line: " + line);
        }
        Map<String, String> headers = new LinkedHashMap<>();
        for (String h = readLine(in); h != null && !h.isEmpty(); h = readLine(in)) {
            int colon = h.indexOf(':');
            if (colon > 0) {
                headers.put(h.substring(0, colon).trim().toLowerCase(Locale.ROOT), h.substring(colon + 1).trim());
            }
        }
        if ("100-continue".equalsIgnoreCase(headers.get("expect"))) {
            out.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
        }
        byte[] body;
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            while (true) {
                String size = readLine(in);
                if (size == null) {
                    throw new IOException("chunked body cut short");
                }
                int n = Integer.parseInt(size.split(";")[0].trim(), 16);
                if (n == 0) {
                    while (true) {
                        String trailer = readLine(in);
                        if (trailer == null || trailer.isEmpty()) {
                            break;
                        }
                    }
                    break;
                }
                b.write(in.readNBytes(n));
                readLine(in);
            }
            body = b.toByteArray();
        } else {
            String length = headers.get("content-length");
            body = length == null ? new byte[0] : in.readNBytes(Integer.parseInt(length.trim()));
        }
        synchronized (this) {
            ProviderRequest r = new ProviderRequest(requests.size() + 1, parts[0], parts[1], headers,
                    new String(body, StandardCharsets.UTF_8));
            requests.add(r);
            return r;
        }
    }

    private static String readLine(InputStream in) throws IOException {
        StringBuilder b = new StringBuilder();
        int ch;
        while ((ch = in.read()) != -1) {
            if (ch == '\n') {
                int len = b.length();
                return len > 0 && b.charAt(len - 1) == '\r' ? b.substring(0, len - 1) : b.toString();
            }
            b.append((char) ch);
        }
        return b.length() == 0 ? null : b.toString();
    }

    private static void respond(OutputStream out, int status, String body, Duration retryAfter) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder("HTTP/1.1 ").append(status).append(' ').append(reason(status)).append("\r\n")
                .append("Content-Type: application/json\r\n")
                .append("Content-Length: ").append(bytes.length).append("\r\n");
        if (retryAfter != null) {
            head.append("Retry-After: ").append(Math.max(0, retryAfter.toSeconds())).append("\r\n");
        }
        head.append("\r\n");
        try {
            out.write(head.toString().getBytes(StandardCharsets.US_ASCII));
            out.write(bytes);
            out.flush();
        } catch (SocketException e) {
            // the client gave up before the answer: it does not know what happened
        }
    }

    private static String reason(int status) {
        switch (status) {
            case 200:
                return "OK";
            case 409:
                return "Conflict";
            case 429:
                return "Too Many Requests";
            case 500:
                return "Internal Server Error";
            case 502:
                return "Bad Gateway";
            case 503:
                return "Service Unavailable";
            default:
                return "Status";
        }
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(AutoCloseable c) {
        if (c != null) {
            try {
                c.close();
            } catch (Exception ignored) {
                // closing
            }
        }
    }
}
