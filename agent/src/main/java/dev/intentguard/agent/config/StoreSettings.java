package dev.intentguard.agent.config;

import java.nio.file.Path;
import java.time.Duration;

/** The {@code store:} section. */
public final class StoreSettings {
    private final Path path;
    private final long maxIntents;
    private final Duration retention;
    private final Duration inFlightWait;
    private final int maxResultBytes;
    private final Duration openTimeout;
    private final Duration lockTimeout;
    private final String url;
    private final String namespace;
    private final Duration operationTimeout;
    private final Duration lease;

    public StoreSettings(Path path, long maxIntents, Duration retention, Duration inFlightWait, int maxResultBytes,
                         Duration openTimeout, Duration lockTimeout) {
        this(path, maxIntents, retention, inFlightWait, maxResultBytes, openTimeout, lockTimeout, null,
                DEFAULT_NAMESPACE, DEFAULT_OPERATION_TIMEOUT, DEFAULT_LEASE);
    }

    /** The namespace of a shared store: Redis key prefix {@code <namespace>:}, PostgreSQL schema. */
    public static final String DEFAULT_NAMESPACE = "intentguard";
    public static final Duration DEFAULT_OPERATION_TIMEOUT = Duration.ofSeconds(1);
    public static final Duration DEFAULT_LEASE = Duration.ofSeconds(10);

    public StoreSettings(Path path, long maxIntents, Duration retention, Duration inFlightWait, int maxResultBytes,
                         Duration openTimeout, Duration lockTimeout, String url, String namespace,
                         Duration operationTimeout, Duration lease) {
        this.url = url;
        this.namespace = namespace;
        this.operationTimeout = operationTimeout;
        this.lease = lease;
        this.path = path;
        this.maxIntents = maxIntents;
        this.retention = retention;
        this.inFlightWait = inFlightWait;
        this.maxResultBytes = maxResultBytes;
        this.openTimeout = openTimeout;
        this.lockTimeout = lockTimeout;
    }

    /** A file store at {@code file} with these settings' sizes and timeouts (the test kit's store). */
    public StoreSettings fileAt(Path file) {
        return new StoreSettings(file, maxIntents, retention, inFlightWait, maxResultBytes, openTimeout, lockTimeout);
    }

    /** The intent map file, absolute (the file store; unused when {@link #url()} is set). */
    public Path path() {
        return path;
    }

    /** A shared store every JVM of a fleet uses ({@code redis://...}, {@code jdbc:postgresql://...}), or {@code null}. */
    public String url() {
        return url;
    }

    /** {@code true} when the intents live in a shared store rather than this host's file. */
    public boolean shared() {
        return url != null;
    }

    /** Where a shared store keeps its keys or tables: the Redis key prefix, the PostgreSQL schema. */
    public String namespace() {
        return namespace;
    }

    /** The longest one operation of a shared store may take before the call answers without it (see on-error). */
    public Duration operationTimeout() {
        return operationTimeout;
    }

    /** How long an in-flight claim on a shared store lasts without its owner renewing it. */
    public Duration lease() {
        return lease;
    }

    /** Where the store is, for logs and messages: the file, or the URL with its password masked. */
    public String description() {
        return url == null ? String.valueOf(path) : StoreUrls.masked(url);
    }

    public long maxIntents() {
        return maxIntents;
    }

    /** How long a finished intent is remembered. */
    public Duration retention() {
        return retention;
    }

    /** How long a concurrent duplicate waits for the first call to finish. */
    public Duration inFlightWait() {
        return inFlightWait;
    }

    /** Largest first result kept for replays, in bytes of JSON. */
    public int maxResultBytes() {
        return maxResultBytes;
    }

    /** How long the first guarded call waits for the store to open. */
    public Duration openTimeout() {
        return openTimeout;
    }

    /** The longest a store operation waits for a lock before the call answers without the store. */
    public Duration lockTimeout() {
        return lockTimeout;
    }
}
