package dev.intentguard.agent.store;

import java.time.Instant;
import java.util.Optional;

/**
 * Who runs an in-flight intent: a process (pid and start time, so a recycled pid is not mistaken for the
 * owner) and a thread. Liveness is decided from the process table, never from how old a record is.
 */
public final class ProcessOwner {
    private static final long START_TOLERANCE_MILLIS = 1000;
    private static final ProcessOwner SELF = current();

    private final long pid;
    private final long startMillis;
    private final String instance;

    ProcessOwner(long pid, long startMillis) {
        this.pid = pid;
        this.startMillis = startMillis;
        // Unique, not secret: a SecureRandom would cost premain its providers' start (~40 ms on a cold JVM).
        this.instance = pid + "-" + Long.toHexString(java.util.concurrent.ThreadLocalRandom.current().nextLong() ^ System.nanoTime());
    }

    public static ProcessOwner self() {
        return SELF;
    }

    private static ProcessOwner current() {
        ProcessHandle me = ProcessHandle.current();
        long start = me.info().startInstant().map(Instant::toEpochMilli).orElse(0L);
        return new ProcessOwner(me.pid(), start);
    }

    public long pid() {
        return pid;
    }

    public long startMillis() {
        return startMillis;
    }

    /**
     * This JVM among every JVM of every host: its pid and a random number drawn at start. A shared store keeps it as the
     * owner of an in-flight record and as the holder of its lease, where a pid alone could be another host's.
     */
    public String instance() {
        return instance;
    }

    /** {@code true} if the record's owner is this JVM. */
    public boolean isSelf(long ownerPid, long ownerStartMillis) {
        return ownerPid == pid && sameStart(ownerStartMillis, startMillis);
    }

    /** {@code true} if the process that wrote the record is still running. */
    public static boolean isAlive(long ownerPid, long ownerStartMillis) {
        if (SELF.isSelf(ownerPid, ownerStartMillis)) {
            return true;
        }
        Optional<ProcessHandle> handle = ProcessHandle.of(ownerPid);
        if (handle.isEmpty() || !handle.get().isAlive()) {
            return false;
        }
        Optional<Instant> start = handle.get().info().startInstant();
        return start.isEmpty() || ownerStartMillis == 0 || sameStart(start.get().toEpochMilli(), ownerStartMillis);
    }

    private static boolean sameStart(long a, long b) {
        return Math.abs(a - b) <= START_TOLERANCE_MILLIS;
    }
}
