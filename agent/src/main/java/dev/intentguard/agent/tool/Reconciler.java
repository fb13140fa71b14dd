package dev.intentguard.agent.tool;

import dev.intentguard.agent.background.AgentThreads;
import dev.intentguard.agent.audit.HostTelemetry;
import dev.intentguard.agent.config.ReconcileSettings;
import dev.intentguard.agent.store.IntentRecord;
import dev.intentguard.agent.store.IntentStatus;
import dev.intentguard.agent.store.IntentStore;
import dev.intentguard.agent.tool.bind.CheckRecipe;
import dev.intentguard.agent.tool.bind.OutcomeCheck;
import dev.intentguard.agent.tool.bind.ToolBinding;

import java.util.ArrayList;
import java.util.HashMap;
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
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(AgentThreads.named("intentguard-reconciler"));

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

    /** Runs {@code task} on the reconciler's thread (a tool's escalate method: never on a call's thread). */
    void submit(Runnable task) {
        try {
            thread.execute(task);
        } catch (java.util.concurrent.RejectedExecutionException stopping) {
            runtime.log().warn("the JVM is stopping: a tool's escalate method was not called");
        }
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
        Map<String, HostTelemetry.Unknown> byTool = new HashMap<>();
        for (Map.Entry<String, IntentRecord> e : unknown) {
            byTool.computeIfAbsent(e.getValue().tool(), t -> new HostTelemetry.Unknown()).add(e.getValue().updatedAt(), now);
        }
        runtime.recorder().telemetry().unknownIntents(byTool);
        for (Map.Entry<String, IntentRecord> e : unknown) {
            String key = e.getKey();
            IntentRecord record = e.getValue();
            long unknownFor = now - record.updatedAt();
            if (unknownFor >= settings.minAge().toMillis() && confirm(store, key, record)) {
                continue;
            }
            if (record.status() == IntentStatus.PENDING_UNKNOWN && unknownFor >= settings.escalateAfter().toMillis()) {
                IntentRecord marked = record.requiresReconciliation();
                if (store.replace(key, record, marked)) {
                    escalate(store, key, marked, "still unknown after " + settings.escalateAfter() + " (reconcile.escalate-after)");
                }
            } else if (record.status() == IntentStatus.REQUIRES_RECONCILIATION && !record.escalated()) {
                escalate(store, key, record, "requires reconciliation");  // marked by a JVM that stopped before it said so
            }
        }
    }

    /** Escalates once, with the tool's escalate method when this JVM has seen the tool. */
    private void escalate(IntentStore store, String key, IntentRecord record, String why) {
        ToolBinding escalating = null;
        CheckRecipe.Target target = null;
        for (ToolBinding binding : runtime.bindings().named(record.tool())) {
            if (binding.tool().escalate() != null && binding.lastTarget() != null) {
                escalating = binding;
                target = binding.lastTarget();
                break;
            }
        }
        runtime.escalation().escalate(store, key, record, why, escalating, target == null ? null : target.owner,
                target == null ? null : target.instance.get());
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
