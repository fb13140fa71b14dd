package dev.intentguard.bridge;

import java.net.InetAddress;

/** What the agent core implements for the advice woven into the JDK's TCP sockets. */
public interface NetworkHooks {
    /**
     * Bytes were written to the TCP peer {@code address:port} on the current thread. {@code hostName} is the name it
     * was connected by, or {@code null}; no name lookup may happen here.
     */
    void wrote(InetAddress address, String hostName, int port);
}
