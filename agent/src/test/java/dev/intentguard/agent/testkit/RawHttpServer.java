package dev.intentguard.agent.testkit;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * An HTTP/1.1 server on raw sockets, for the failures a real server library will not produce: reset the
 * connection after reading the whole request, close without answering, answer late. It keeps connections
 * alive (so pooled clients reuse them) and records every request it received, headers included.
 *
 * <p>What it does with each request is decided by a {@link Behavior} chosen per request (by default: 200).
 */
public final class RawHttpServer implements AutoCloseable {
    /** What the server does with one request. */
    public static final class Behavior {
        final int status;
        final long delayMillis;
        final boolean resetAfterBody;
        final boolean closeWithoutResponse;
        final Map<String, String> headers;
        final String body;

        private Behavior(int status, long delayMillis, boolean resetAfterBody, boolean closeWithoutResponse,
                         Map<String, String> headers, String body) {
            this.status = status;
            this.delayMillis = delayMillis;
            this.resetAfterBody = resetAfterBody;
            this.closeWithoutResponse = closeWithoutResponse;
            this.headers = headers;
            this.body = body;
        }

        /** Answer {@code status} with a small JSON body. */
        public static Behavior respond(int status) {
            return new Behavior(status, 0, false, false, Map.of(), null);
        }

        /** Read the whole request, then reset the connection (TCP RST): the client cannot tell what happened. */
        public static Behavior resetAfterBody() {
            return new Behavior(0, 0, true, false, Map.of(), null);
        }

        /** Read the whole request, then close the connection cleanly without an answer. */
        public static Behavior closeWithoutResponse() {
            return new Behavior(0, 0, false, true, Map.of(), null);
        }

        /** The same behaviour, {@code millis} later (past a client timeout, say). */
        public Behavior after(long millis) {
            return new Behavior(status, millis, resetAfterBody, closeWithoutResponse, headers, body);
        }

        public Behavior header(String name, String value) {
            Map<String, String> h = new TreeMap<>(headers);
            h.put(name, value);
            return new Behavior(status, delayMillis, resetAfterBody, closeWithoutResponse, h, body);
        }

        public Behavior body(String text) {
            return new Behavior(status, delayMillis, resetAfterBody, closeWithoutResponse, headers, text);
        }
    }

    /** One request as received. */
    public static final class Request {
        public final String method;
        public final String path;
        public final Map<String, String> headers;
        public final String body;
        /** 1 for the first request on its connection, 2 for the next one on the same connection, ... */
        public final int onConnection;

        Request(String method, String path, Map<String, String> headers, String body, int onConnection) {
            this.method = method;
            this.path = path;
            this.headers = headers;
            this.body = body;
            this.onConnection = onConnection;
        }

        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        @Override
        public String toString() {
            return method + " " + path + " " + headers + (body.isEmpty() ? "" : " " + body);
        }
    }

    private final ServerSocket socket;
    private final ExecutorService executor = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "raw-http-server");
        t.setDaemon(true);
        return t;
    });
    private final ConcurrentLinkedQueue<Request> requests = new ConcurrentLinkedQueue<>();
    private final List<Socket> open = new ArrayList<>();
    private volatile Function<Request, Behavior> behavior = r -> Behavior.respond(200);
    private volatile boolean closed;

    public RawHttpServer() throws IOException {
        this(0);
    }

    /** On a given port (0: any free one), e.g. the port a client was refused on a moment ago. */
    public RawHttpServer(int port) throws IOException {
        socket = new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
        executor.execute(this::accept);
    }

    /** Decides what to do with each request (called in arrival order per connection). */
    public RawHttpServer behave(Function<Request, Behavior> decide) {
        this.behavior = decide;
        return this;
    }

    /** The same behaviour for every request. */
    public RawHttpServer always(Behavior b) {
        return behave(r -> b);
    }

    public int port() {
        return socket.getLocalPort();
    }

    public String url() {
        return "http://127.0.0.1:" + port();
    }

    public List<Request> requests() {
        return new ArrayList<>(requests);
    }

    /** Forgets the requests received so far (a test's baseline run is done; its real run starts). */
    public void clear() {
        requests.clear();
    }

    public List<Request> requests(String method, String pathPrefix) {
        List<Request> out = new ArrayList<>();
        for (Request r : requests) {
            if (r.method.equals(method) && r.path.startsWith(pathPrefix)) {
                out.add(r);
            }
        }
        return out;
    }

    private void accept() {
        while (!closed) {
            try {
                Socket s = socket.accept();
                synchronized (open) {
                    open.add(s);
                }
                executor.execute(() -> serve(s));
            } catch (IOException e) {
                if (!closed) {
                    e.printStackTrace();
                }
            }
        }
    }

    private void serve(Socket s) {
        int count = 0;
        try (Socket conn = s) {
            InputStream in = conn.getInputStream();
            OutputStream out = conn.getOutputStream();
            while (true) {
                Request request = read(in, ++count);
                if (request == null) {
                    return;
                }
                requests.add(request);
                Behavior b = behavior.apply(request);
                if (b.delayMillis > 0) {
                    Thread.sleep(b.delayMillis);
                }
                if (b.resetAfterBody) {
                    conn.setSoLinger(true, 0);
                    return;
                }
                if (b.closeWithoutResponse) {
                    return;
                }
                byte[] body = (b.body != null ? b.body : "{\"id\":\"re_" + requests.size() + "\",\"path\":\"" + request.path + "\"}")
                        .getBytes(StandardCharsets.UTF_8);
                StringBuilder head = new StringBuilder("HTTP/1.1 ").append(b.status).append(' ').append(reason(b.status)).append("\r\n")
                        .append("Content-Type: application/json\r\nContent-Length: ").append(body.length).append("\r\n");
                b.headers.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
                out.write(head.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII));
                out.write(body);
                out.flush();
            }
        } catch (SocketException | InterruptedException ignored) {
            // the client went away, or the server is closing
        } catch (IOException e) {
            if (!closed) {
                e.printStackTrace();
            }
        }
    }

    /** Reads one request; {@code null} at the end of the connection. */
    private static Request read(InputStream in, int onConnection) throws IOException {
        String requestLine = line(in);
        if (requestLine == null || requestLine.isEmpty()) {
            return null;
        }
        Map<String, String> headers = new TreeMap<>();
        for (String h = line(in); h != null && !h.isEmpty(); h = line(in)) {
            int colon = h.indexOf(':');
            if (colon > 0) {
                headers.merge(h.substring(0, colon).trim().toLowerCase(Locale.ROOT), h.substring(colon + 1).trim(), (a, b) -> a + "," + b);
            }
        }
        byte[] body = new byte[0];
        if (headers.containsKey("content-length")) {
            body = in.readNBytes(Integer.parseInt(headers.get("content-length")));
        } else if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            for (int size = Integer.parseInt(line(in).split(";")[0].trim(), 16); size > 0;
                 size = Integer.parseInt(line(in).split(";")[0].trim(), 16)) {
                all.write(in.readNBytes(size));
                line(in);
            }
            for (String trailer = line(in); trailer != null && !trailer.isEmpty(); trailer = line(in)) {
                // trailers are ignored
            }
            body = all.toByteArray();
        }
        String[] parts = requestLine.split(" ");
        return new Request(parts[0], parts.length > 1 ? parts[1] : "/", headers, new String(body, StandardCharsets.UTF_8),
                onConnection);
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) != -1) {
            if (c == '\n') {
                String s = b.toString(StandardCharsets.US_ASCII);
                return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
            }
            b.write(c);
        }
        return b.size() == 0 ? null : b.toString(StandardCharsets.US_ASCII);
    }

    private static String reason(int status) {
        switch (status) {
            case 200:
                return "OK";
            case 201:
                return "Created";
            case 400:
                return "Bad Request";
            case 408:
                return "Request Timeout";
            case 409:
                return "Conflict";
            case 429:
                return "Too Many Requests";
            case 500:
                return "Internal Server Error";
            case 503:
                return "Service Unavailable";
            default:
                return "Status";
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        synchronized (open) {
            for (Socket s : open) {
                try {
                    s.close();
                } catch (IOException ignored) {
                    // closing anyway
                }
            }
        }
        executor.shutdownNow();
    }
}
