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

    public StoreSettings(Path path, long maxIntents, Duration retention, Duration inFlightWait, int maxResultBytes,
                         Duration openTimeout, Duration lockTimeout) {
        this.path = path;
        this.maxIntents = maxIntents;
        this.retention = retention;
        this.inFlightWait = inFlightWait;
        this.maxResultBytes = maxResultBytes;
        this.openTimeout = openTimeout;
        this.lockTimeout = lockTimeout;
    }

    /** The intent map file, absolute. */
    public Path path() {
        return path;
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
