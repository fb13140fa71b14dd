package dev.intentguard.agent.it.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Reads the request line and headers, then resets the connection (TCP RST) without reading the body: a client
 * still writing a large body gets a write error. Records the request line and the key header of each request.
 */
final class ResetBeforeBodyServer implements AutoCloseable {
    private final ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    private final List<String> received = new CopyOnWriteArrayList<>();
    private final Thread acceptor;

    ResetBeforeBodyServer() throws IOException {
        acceptor = new Thread(this::accept, "reset-before-body");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    String url() {
        return "http://127.0.0.1:" + socket.getLocalPort();
    }

    /** {@code "POST /documents key=<Idempotency-Key or null>"} per request received. */
    List<String> received() {
        return List.copyOf(received);
    }

    private void accept() {
        while (!socket.isClosed()) {
            try (Socket s = socket.accept()) {
                InputStream in = s.getInputStream();
                String requestLine = line(in);
                String key = null;
                for (String h = line(in); h != null && !h.isEmpty(); h = line(in)) {
                    if (h.toLowerCase(java.util.Locale.ROOT).startsWith("idempotency-key:")) {
                        key = h.substring(h.indexOf(':') + 1).trim();
                    }
                }
                if (!requestLine.isEmpty()) {                   // a connection that sent nothing is no request
                    received.add(requestLine + " key=" + key);
                }
                s.setSoLinger(true, 0);
            } catch (IOException e) {
                // closed, or the client went away
            }
        }
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int c = in.read(); c != -1 && c != '\n'; c = in.read()) {
            if (c != '\r') {
                b.write(c);
            }
        }
        return b.toString(StandardCharsets.US_ASCII);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
