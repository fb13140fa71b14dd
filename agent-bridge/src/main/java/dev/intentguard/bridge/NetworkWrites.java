package dev.intentguard.bridge;

import java.net.InetAddress;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What advice woven into the JDK's TCP sockets calls when bytes are written ({@code sun.nio.ch.NioSocketImpl},
 * {@code SocketChannelImpl}): the evidence that a guarded call did, or did not, write to the network outside the
 * HTTP requests the agent follows. While no side-effect call is running, a write costs one volatile read.
 */
public final class NetworkWrites {
    private static final AtomicInteger RUNNING = new AtomicInteger();
    private static volatile NetworkHooks hooks;

    private NetworkWrites() {
    }

    /** Installs the agent's hooks; only the first call wins. */
    public static synchronized boolean install(NetworkHooks agentHooks) {
        if (hooks != null || agentHooks == null) {
            return false;
        }
        hooks = agentHooks;
        return true;
    }

    /** A side-effect call starts its body: writes are watched from now on. */
    public static void callStarted() {
        RUNNING.incrementAndGet();
    }

    /** A side-effect call's body is over. */
    public static void callEnded() {
        RUNNING.decrementAndGet();
    }

    /** {@code true} while a side-effect call is running: only then does a write need to be reported. */
    public static boolean watching() {
        return RUNNING.get() > 0;
    }

    /** {@code bytes} were written to the TCP peer {@code address:port} on the current thread. */
    public static void wrote(InetAddress address, String hostName, int port, long bytes) {
        NetworkHooks h = hooks;
        if (h == null || bytes <= 0) {
            return;
        }
        try {
            h.wrote(address, hostName, port);
        } catch (Throwable ignored) {
            // evidence lost, never the host's write: the call is then judged on the rest
        }
    }
}
