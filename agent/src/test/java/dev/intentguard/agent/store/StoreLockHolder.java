package dev.intentguard.agent.store;

import net.openhft.chronicle.map.ExternalMapQueryContext;

import java.nio.file.Path;
import java.time.Duration;

/**
 * A process that opens a store, takes the write lock of one key's segment and never lets go: the test kills it
 * with SIGKILL, leaving the lock held by a dead process, as a crash in the middle of a write does.
 */
public final class StoreLockHolder {
    private StoreLockHolder() {
    }

    public static void main(String[] args) throws Exception {
        ChronicleIntentStore store = ChronicleIntentStore.open(Path.of(args[0]), 10_000, 8192, Duration.ofSeconds(1));
        ExternalMapQueryContext<String, byte[], ?> c = store.map().queryContext(args[1]);
        c.updateLock().lock();
        c.writeLock().lock();
        System.out.println("LOCKED");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
