package dev.intentguard.agent.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A loopback TCP proxy in front of a server (Redis, PostgreSQL) that a test can stall (connections accepted, nothing
 * forwarded: a server that hangs) or sever (every open connection reset: a server that went away), and restore.
 */
public final class TcpProxy implements AutoCloseable {
    private final ServerSocket listener;
    private final InetSocketAddress target;
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "tcp-proxy");
        t.setDaemon(true);
        return t;
    });
    private final List<Socket> open = new ArrayList<>();
    private volatile boolean stalled;
    private volatile boolean refusing;
    private volatile boolean closed;

    public TcpProxy(String host, int port) throws IOException {
        this.target = new InetSocketAddress(host, port);
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        threads.execute(this::accept);
    }

    public int port() {
        return listener.getLocalPort();
    }

    /** From now on nothing is forwarded, either way: calls through it hang until their timeout. */
    public void stall() {
        stalled = true;
    }

    /** Resets every open connection; {@code refuse}: new ones are closed at once too, until {@link #restore}. */
    public void sever(boolean refuse) {
        refusing = refuse;
        synchronized (open) {
            for (Socket s : open) {
                try {
                    s.setSoLinger(true, 0);
                    s.close();
                } catch (IOException ignored) {
                    // gone anyway
                }
            }
            open.clear();
        }
    }

    /** Forwards again. */
    public void restore() {
        stalled = false;
        refusing = false;
    }

    private void accept() {
        while (!closed) {
            try {
                Socket client = listener.accept();
                if (refusing) {
                    client.setSoLinger(true, 0);
                    client.close();
                    continue;
                }
                Socket server = new Socket();
                server.connect(target, 2000);
                synchronized (open) {
                    open.add(client);
                    open.add(server);
                }
                threads.execute(() -> pump(client, server));
                threads.execute(() -> pump(server, client));
            } catch (IOException e) {
                if (!closed) {
                    // a refused connect to the target: the client sees its connection closed
                }
            }
        }
    }

    private void pump(Socket from, Socket to) {
        byte[] buffer = new byte[16384];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            int n;
            while ((n = in.read(buffer)) >= 0) {
                while (stalled && !closed) {
                    Thread.sleep(20);
                }
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException | InterruptedException ignored) {
            // one side went away
        } finally {
            try {
                from.close();
                to.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            listener.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        sever(false);
        threads.shutdownNow();
    }
}
