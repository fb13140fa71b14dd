package dev.intentguard.agent.tool;

import dev.intentguard.agent.config.ReconcileSettings;
import dev.intentguard.agent.store.IntentRecord;
import dev.intentguard.agent.store.IntentStatus;
import dev.intentguard.agent.store.IntentStore;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The "something" that resolves unknown outcomes later. Every {@code reconcile.interval} it asks each unknown intent's
 * check again (once the intent is {@code min-age} old, with the last tool instance seen, held weakly); an intent still
 * unknown {@code escalate-after} after it became unknown is marked requires_reconciliation, with one WARN line, for a
 * person to resolve ({@code java -jar intentguard-agent.jar resolve}). The retention sweep has a thread of its own
 * ({@link Sweeper}): a check that takes long must not keep the store from making room.
 */
final class Reconciler {
    private final ToolRuntime runtime;
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "intentguard-reconciler");
        t.setDaemon(true);
        t.setContextClassLoader(Reconciler.class.getClassLoader());
        return t;
    });

    Reconciler(ToolRuntime runtime) {
        this.runtime = runtime;
    }

    /** Stops the rounds (before the store closes), waiting briefly for one in progress. */
    void stop() {
        thread.shutdownNow();
        try {
            thread.awaitTermination(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    void start() {
        long every = Math.max(1, runtime.config().reconcile().interval().toMillis());
        thread.scheduleWithFixedDelay(this::tick, every, every, TimeUnit.MILLISECONDS);
    }

    void tick() {
        IntentStore store = runtime.store().ifOpen();
        if (store == null) {
            return;
        }
        try {
            reconcile(store);
        } catch (RuntimeException e) {
            runtime.log().warn("reconciliation round failed ({}); the next round tries again", String.valueOf(e));
        }
    }

    void reconcile(IntentStore store) {
        ReconcileSettings settings = runtime.config().reconcile();
        long now = runtime.now();
        List<Map.Entry<String, IntentRecord>> unknown = new ArrayList<>();
        store.forEachUnknown((key, record) -> unknown.add(Map.entry(key, record)));
        for (Map.Entry<String, IntentRecord> e : unknown) {
            String key = e.getKey();
            IntentRecord record = e.getValue();
            long unknownFor = now - record.updatedAt();
            if (unknownFor >= settings.minAge().toMillis() && confirm(store, key, record)) {
                continue;
            }
            if (record.status() == IntentStatus.PENDING_UNKNOWN && unknownFor >= settings.escalateAfter().toMillis()
                    && store.replace(key, record, record.requiresReconciliation())) {
                runtime.intentLog().warn("requires_reconciliation tool={} key={}: still unknown after {} (reconcile.escalate-after); "
                        + "check with the provider, then run: java -jar intentguard-agent.jar resolve --store {} --key {} --as done|failed",
                        record.tool(), key, settings.escalateAfter(), runtime.config().store().description(), key);
            }
        }
    }

    /** Runs the intent's check if its tool has one and an instance to run it on; {@code true} if it found it done. */
    private boolean confirm(IntentStore store, String key, IntentRecord record) {
        if (record.checkArgs() == null) {
            return false;
        }
        for (ToolBinding binding : runtime.bindings().withCheck(record.tool())) {
            CheckRecipe.Target target = binding.lastTarget();
            Object instance = target == null ? null : target.instance.get();
            if (target == null || (instance == null && !binding.check().isStatic())) {
                continue;
            }
            Object[] args;
            try {
                args = binding.check().arguments(record.checkArgs(), target.owner);
            } catch (Exception ex) {
                runtime.log().warn("cannot read back the check arguments of {} ({})", key, String.valueOf(ex));
                return false;
            }
            OutcomeCheck.Answer answer = OutcomeCheck.run(binding.check(), target.owner, instance, args, key, runtime.intentLog());
            if (!answer.found) {
                return false;
            }
            IntentRecord done = OutcomeCheck.confirmed(record, answer, runtime.config().store().maxResultBytes(), runtime.now());
            if (store.replace(key, record, done)) {
                runtime.intentLog().info("reconciled tool={} key={}: check {} found it done", record.tool(), key,
                        binding.check().methodName());
                return true;
            }
            return false;
        }
        return false;
    }
}
