package dev.intentguard.agent.store;

import dev.intentguard.agent.background.AgentThreads;
import dev.intentguard.agent.log.AgentLoggers;
import org.slf4j.Logger;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Keeps the leases of this JVM's in-flight claims on a shared store alive: every third of the lease, one batched
 * renewal of all of them, on one daemon thread. A call that ends before the first renewal (most do) costs nothing
 * here. A renewal that fails (the store is down) is retried at the next beat; a lease that runs out meanwhile makes
 * other JVMs take the intent for unknown, never for free to run again.
 */
public final class LeaseKeeper implements AutoCloseable {
    private static final Logger LOG = AgentLoggers.named("intentguard");

    private final Set<String> held = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService thread;
    private final Consumer<List<String>> renew;
    private volatile long lastError;

    public LeaseKeeper(Duration lease, Consumer<List<String>> renew) {
        this.renew = renew;
        this.thread = Executors.newSingleThreadScheduledExecutor(AgentThreads.named("intentguard-lease"));
        long every = Math.max(50, lease.toMillis() / 3);
        // At a fixed rate: a renewal that took its whole operation timeout does not push the next one later.
        thread.scheduleAtFixedRate(this::beat, every, every, TimeUnit.MILLISECONDS);
    }

    /** {@code key} is ours and running: renewed until the handle is closed. */
    public IntentStore.Lease hold(String key) {
        held.add(key);
        return () -> held.remove(key);
    }

    private void beat() {
        if (held.isEmpty()) {
            return;
        }
        try {
            renew.accept(new ArrayList<>(held));
        } catch (RuntimeException e) {
            long now = System.currentTimeMillis();
            if (now - lastError > 60_000) {
                lastError = now;
                LOG.error("intent store: renewing the leases of {} calls in flight failed ({}); if the store stays away "
                        + "longer than store.lease, other JVMs take those intents for unknown (never for free to run)",
                        held.size(), String.valueOf(e));
            }
        }
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
