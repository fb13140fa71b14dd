package dev.intentguard.agent.tool;

import dev.intentguard.agent.background.AgentThreads;
import dev.intentguard.agent.audit.AuditRecorder;
import dev.intentguard.agent.config.AgentConfig;
import dev.intentguard.agent.config.Mode;
import dev.intentguard.agent.config.OnError;
import dev.intentguard.agent.log.AgentLoggers;
import dev.intentguard.agent.store.StoreHandle;
import dev.intentguard.agent.tool.bind.ToolBindings;
import dev.intentguard.agent.wire.NetworkWatch;
import org.slf4j.Logger;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;

/** The state every guarded call shares: config, store, bindings, this JVM's in-flight calls, loggers. */
final class ToolRuntime {

    private final AgentConfig config;
    private final StoreHandle store;
    private final ToolBindings bindings = new ToolBindings();
    private final InFlightCalls inFlight = new InFlightCalls();
    private final Logger intentLog = AgentLoggers.named("intentguard.intent");
    private final Logger log = AgentLoggers.named("intentguard");
    /** When the store's current outage began (0: it answers); and how many operations failed in it. */
    private final AtomicLong outageSince = new AtomicLong(0);
    private final AtomicLong failedInOutage = new AtomicLong(0);
    private static final long ERROR_SPACING_MILLIS = 60_000;
    private volatile long lastErrorSaid = -ERROR_SPACING_MILLIS;
    private volatile boolean outageSaid;
    private final Sweeper sweeper = new Sweeper(this);
    private final Reconciler reconciler = new Reconciler(this);
    private final Escalation escalation = new Escalation(this);
    private final AuditRecorder recorder;
    private final NetworkWatch network;

    ToolRuntime(AgentConfig config, StoreHandle store, AuditRecorder recorder) {
        this(config, store, recorder, new NetworkWatch());
    }

    ToolRuntime(AgentConfig config, StoreHandle store, AuditRecorder recorder, NetworkWatch network) {
        this.config = config;
        this.store = store;
        this.recorder = recorder;
        this.network = network;
    }

    private volatile ExecutorService outcomes;

    /**
     * Runs {@code write} on the outcome writer (one daemon thread, started at the first use): the outcomes of calls on a
     * shared store. Its queue is bounded ({@value #OUTCOME_QUEUE}): past it, or once the JVM is stopping, the caller
     * writes itself, so that a store slower than the calls slows them down instead of piling up held claims.
     */
    void writeLater(Runnable write) {
        ExecutorService w = outcomes;
        if (w == null) {
            synchronized (this) {
                w = outcomes;
                if (w == null) {
                    w = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(OUTCOME_QUEUE),
                            AgentThreads.named("intentguard-outcomes"));
                    outcomes = w;
                }
            }
        }
        try {
            w.execute(write);
        } catch (RejectedExecutionException fullOrStopping) {
            write.run();
        }
    }

    private static final int OUTCOME_QUEUE = 4096;

    /** Writes the outcomes still queued (the JVM is stopping), waiting at most {@code millis}. */
    void flushOutcomes(long millis) {
        ExecutorService w = outcomes;
        if (w != null) {
            w.shutdown();
            try {
                w.awaitTermination(millis, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Where the JDK's TCP writes went: a call's own, or other threads' (see {@link NetworkWatch}). */
    NetworkWatch network() {
        return network;
    }

    /** The audit of every guarded call: counters, duplicate warnings, JFR, the journal. */
    AuditRecorder recorder() {
        return recorder;
    }

    AgentConfig config() {
        return config;
    }

    StoreHandle store() {
        return store;
    }

    ToolBindings bindings() {
        return bindings;
    }

    InFlightCalls inFlight() {
        return inFlight;
    }

    Sweeper sweeper() {
        return sweeper;
    }

    /** The background checks of unknown intents; its thread also runs the tools' escalate methods. */
    Reconciler reconciler() {
        return reconciler;
    }

    /** Says once that an intent needs a person. */
    Escalation escalation() {
        return escalation;
    }

    boolean audit() {
        return config.mode() == Mode.AUDIT;
    }

    boolean failClosed() {
        return config.onError() == OnError.FAIL_CLOSED;
    }

    /** {@code intentguard.intent}: one line per guarded call, before it runs; replays and prevented duplicates. */
    Logger intentLog() {
        return intentLog;
    }

    Logger log() {
        return log;
    }

    long now() {
        return System.currentTimeMillis();
    }

    /** How a retry the agent owns waits before its next attempt. */
    interface Pause {
        void sleep(long millis) throws InterruptedException;
    }

    /** {@code null}: {@link Thread#sleep} (a field set in premain: a method reference would be a lambda spun then). */
    private volatile Pause pause;

    /** The wait before a retry of the tool's {@code retry:} budget. */
    void pause(long millis) throws InterruptedException {
        Pause p = pause;
        if (p == null) {
            Thread.sleep(millis);
        } else {
            p.sleep(millis);
        }
    }

    /** Tests: see the budget's waits instead of timing the call. */
    void pauseWith(Pause pause) {
        this.pause = pause;
    }

    /**
     * Logs a store failure: one ERROR when an outage begins, then nothing until the store answers again
     * ({@link #storeAnswered}), which says how long it lasted and how many operations failed meanwhile. A store that
     * is away must not flood the host's logs, and its operators need its start and its end.
     */
    void storeError(Exception e, String consequence) {
        failedInOutage.incrementAndGet();
        long now = now();
        if (outageSince.get() == 0 && outageSince.compareAndSet(0, now)) {
            // At most one a minute all the same: a lock stuck on one part of the file store fails the calls of that
            // part while the others succeed, which would start and end an outage call after call.
            outageSaid = now - lastErrorSaid >= ERROR_SPACING_MILLIS;
            if (outageSaid) {
                lastErrorSaid = now;
                log.error("intent store {} cannot answer: {}. {}", store.description(), e.getMessage(), consequence);
            }
        }
    }

    /**
     * A call was refused because the store is at its cap: one ERROR a minute at most, counting the calls refused since
     * the last (at full speed, a store at its cap refuses thousands of calls a second).
     */
    void storeFull(Exception full, String tool) {
        long refused = refusedFull.incrementAndGet();
        long now = now();
        long said = fullSaidAt;
        if (now - said >= ERROR_SPACING_MILLIS && FULL_SAID_AT.compareAndSet(this, said, now)) {
            refusedFull.addAndGet(-refused);
            log.error("{}: {} did not run ({} calls refused since the last such line). Finished intents expire after "
                    + "store.retention and the oldest ones make room past {}% of store.max-intents; unknown ones stay "
                    + "until they are resolved. Raise store.max-intents (a new store file) if this persists",
                    full.getMessage(), tool, refused, Sweeper.HIGH_WATER_PERCENT);
        }
    }

    private final AtomicLong refusedFull = new AtomicLong();
    private volatile long fullSaidAt = -ERROR_SPACING_MILLIS;
    private static final AtomicLongFieldUpdater<ToolRuntime> FULL_SAID_AT =
            AtomicLongFieldUpdater.newUpdater(ToolRuntime.class, "fullSaidAt");

    /** A store operation of a call succeeded: ends an outage, if one was under way, with one line. */
    void storeAnswered() {
        long since = outageSince.get();
        if (since != 0 && outageSince.compareAndSet(since, 0)) {
            long failed = failedInOutage.getAndSet(0);
            if (outageSaid) {
                log.warn("intent store {} answers again after {} s; {} store operations failed meanwhile",
                        store.description(), Math.max(0, now() - since) / 1000, failed);
            }
        }
    }
}
