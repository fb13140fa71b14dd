package dev.intentguard.agent.audit;

import dev.intentguard.agent.config.AgentConfig;
import dev.intentguard.agent.config.HttpSettings;
import dev.intentguard.agent.config.Mode;
import dev.intentguard.agent.log.AgentLoggers;
import dev.intentguard.agent.store.FleetStore;
import dev.intentguard.agent.store.IntentStore;
import dev.intentguard.agent.store.ProcessOwner;
import dev.intentguard.agent.store.StoreHandle;
import dev.intentguard.agent.wire.WireAttempt;
import dev.intentguard.agent.wire.WireOutcome;
import org.slf4j.Logger;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The agent's record of what its guarded calls did, in both modes: {@code audit} (what it would have done) and
 * {@code enforce} (what it prevented). Per call: which intent, whether it was a repeat and which layer made it
 * ({@link Layer}), what the caller got, every wire attempt. It feeds four outputs: counters (JMX), a WARN line on
 * {@code intentguard.audit} for each duplicate caught, JFR events, and the journal beside the store, which the
 * {@code report} command reads.
 */
public final class AuditRecorder {
    /**
     * Answers that stop a duplicate from running again, when a repeat gets them without its body running ({@code done}
     * then is a repeat of an unknown intent that the tool's check found done).
     */
    private static final Set<String> PREVENTING = Set.of("already_done", "pending_unknown", "rejected", "in_flight", "done");
    private static final int RECENT_INTENTS = 10_000;
    private static final long ERROR_REPEAT_MILLIS = 60_000;

    final boolean audit;
    final String mode;
    final RecentIntents recent = new RecentIntents(RECENT_INTENTS);
    /** JFR once the init thread has loaded it ({@link #warmUp}); until then nothing (start-up stays light). */
    volatile EventSink events = EventSink.NONE;
    private final EventSink eventsWhenReady;
    private final boolean resendsSuppressed;
    private final Map<String, ToolCounters> counters = new ConcurrentHashMap<>();
    private final HostTelemetry telemetry = new HostTelemetry();
    private final JournalWriter journal;
    private final Logger log = AgentLoggers.named("intentguard.audit");
    private final AtomicLong lastError = new AtomicLong();
    /** Told of every call that ends (the test kit); {@code null}, the rule, costs one volatile read per call. */
    private volatile Consumer<CallEntry> callListener;
    /** The registered MBean, which sends the escalation notifications; {@code null} without JMX. */
    private volatile ToolsMBean mbean;

    /** This JVM's pid, for the audit's entries; read at the first entry, not in premain (the JDK's process handle). */
    long pid() {
        return ProcessOwner.self().pid();
    }

    AuditRecorder(Mode mode, boolean resendsSuppressed, JournalWriter journal, EventSink events) {
        this.audit = mode == Mode.AUDIT;
        this.mode = mode.configName();
        this.resendsSuppressed = resendsSuppressed;
        this.journal = journal;
        this.eventsWhenReady = events;
    }

    /**
     * The recorder for a running agent: the journal beside the store file, or in the shared store every JVM of the
     * fleet writes to (unless switched off); JFR when available.
     */
    public static AuditRecorder create(AgentConfig config) {
        return create(config, null);
    }

    public static AuditRecorder create(AgentConfig config, StoreHandle store) {
        JournalWriter journal = null;
        if (config.audit().journal() && config.store().shared() && store != null) {
            Duration wait = config.store().openTimeout();
            journal = new JournalWriter(new JournalWriter.SharedSink() {
                @Override
                public void append(List<String> lines) throws Exception {
                    IntentStore s = store.await(wait);
                    if (s instanceof FleetStore) {
                        ((FleetStore) s).appendJournal(lines);
                    }
                }

                @Override
                public String describe() {
                    return store.description();
                }
            }, config.audit());
        } else if (config.audit().journal() && !config.store().shared()) {
            journal = new JournalWriter(journalFolder(config.store().path()), config.audit())
                    .besideStore(store);
        }
        return new AuditRecorder(config.mode(), config.http().clientRetries() == HttpSettings.ClientRetries.SUPPRESS,
                journal, null);
    }

    /**
     * Loads the JFR event classes (and JFR's own, on their first use) on the agent's init thread: a first guarded call
     * must not pay for it, least of all on an HTTP client's I/O thread, where the first wire attempt is seen.
     */
    public void warmUp() {
        EventSink sink = eventsWhenReady != null ? eventsWhenReady : EventSink.forRuntime();
        sink.warmUp();
        events = sink;
    }

    /** {@code <store.path>.journal}: the journal's folder. */
    public static Path journalFolder(Path store) {
        return store.resolveSibling(store.getFileName() + ".journal");
    }

    /** Begins the audit of a call of {@code tool} for the intent {@code key}. */
    public CallAudit begin(String tool, String effect, String key) {
        return new CallAudit(this, tool, effect, key);
    }

    /**
     * An intent of {@code tool} needs a person (said once per intent, by the JVM that escalated it): counted, and sent
     * as the JMX notification {@code intentguard.escalation} of {@code dev.intentguard:type=Tools}.
     */
    public void escalated(String tool, String key, String status, String why) {
        counters(tool, "side_effect").escalations.increment();
        ToolsMBean bean = mbean;
        if (bean != null) {
            bean.escalation(tool, key, status, why);
        }
    }

    /** Whether {@code answer} stops a duplicate: already_done, pending_unknown, rejected, in_flight. */
    public static boolean preventing(String answer) {
        return answer != null && PREVENTING.contains(answer);
    }

    /** The counters of a tool, created at its first call. */
    ToolCounters counters(String tool, String effect) {
        ToolCounters c = counters.get(tool);
        if (c == null) {
            c = counters.computeIfAbsent(tool, t -> new ToolCounters(effect));
        }
        return c;
    }

    /** Counters by tool, for JMX. */
    public Map<String, ToolCounters> counters() {
        return Map.copyOf(counters);
    }

    /** Journal entries dropped because the writer could not keep up (or could not write). */
    public long journalDropped() {
        return journal == null ? 0 : journal.dropped();
    }

    /** The host's own metrics (Micrometer, OpenTelemetry) the counts also go to, once a plugin finds them. */
    public HostTelemetry telemetry() {
        return telemetry;
    }

    /** Journal entries written. */
    public long journalWritten() {
        return journal == null ? 0 : journal.written();
    }

    void ended(CallEntry call, Object jfrCall) {
        ToolCounters c = counters(call.tool, call.effect);
        c.invocations.increment();
        if (call.ran) {
            c.runs.increment();
        }
        if ("disabled".equals(call.answer)) {
            c.disabledAnswers.increment();
        }
        if ("pending_unknown".equals(call.outcome)) {
            c.unknownOutcomes.increment();
        }
        if (call.layer != null) {
            c.repeats[call.layer.ordinal()].increment();
            if (call.prevented) {
                c.prevented[call.layer.ordinal()].increment();
            }
        }
        int sent = 0;
        int resends = 0;
        int suppressed = 0;
        String resendClient = null;
        for (WireAttempt a : call.attempts) {
            if (a.sent()) {
                c.wireAttempts.increment();
                sent++;
            }
            if (a.outcome() == WireOutcome.SUPPRESSED) {
                c.suppressed.increment();
                if (a.resend()) {                         // it would have repeated an attempt that may have been acted on
                    suppressed++;
                    resendClient = a.client();
                    c.prevented[Layer.CLIENT.ordinal()].increment();
                    c.repeats[Layer.CLIENT.ordinal()].increment();
                }
            } else if (a.resend() && a.sent()) {
                resends++;
                resendClient = a.client();
                c.repeats[Layer.CLIENT.ordinal()].increment();
            }
        }
        events.toolCallEnd(jfrCall, call);
        telemetry.record(call, audit, sent, suppressed, audit && resendsSuppressed ? resends : 0, resendClient);
        warnDuplicates(call, resends, suppressed, resendClient);
        if (journal != null) {
            journal.offer(call);
        }
        Consumer<CallEntry> listener = callListener;
        if (listener != null) {
            listener.accept(call);
        }
    }

    /** Tells {@code listener} of every call that ends from now on (the test kit's record of what tools answered). */
    public void listen(Consumer<CallEntry> listener) {
        this.callListener = listener;
    }

    /** Forgets which intents this JVM saw (the test kit's fresh start: a later call is not taken for a repeat). */
    public void forgetRecentIntents() {
        recent.clear();
    }

    /**
     * The duplicate alert: a WARN line for a duplicate caught (side-effect tools only: idempotent ones may repeat). Each of
     * an intent's first ten repeats is a line, then the 20th, 50th, 100th, 200th, ...: a caller stuck in a loop on one
     * intent shows its growing count without flooding the log (JFR and the counters still see every repeat).
     */
    private void warnDuplicates(CallEntry call, int resends, int suppressed, String resendClient) {
        if (!"side_effect".equals(call.effect)) {
            return;
        }
        if (call.prevented) {
            events.duplicatePrevented(call.tool, call.key, call.layer, call.library, call.answer, call.repeat);
        }
        boolean line = worthALine(call.repeat);
        String layer = call.layer == null ? null
                : call.layer.wireName() + (call.library != null ? " (" + call.library + ")" : "");
        if (line && call.prevented) {
            log.warn("duplicate caught: tool={} key={} layer={} count={}: answered {}, the body did not run",
                    call.tool, call.key, layer, call.repeat, call.answer);
        } else if (line && audit && call.layer != null && preventing(call.wouldAnswer)) {
            log.warn("duplicate ran (mode: audit): tool={} key={} layer={} count={}: enforce mode would answer {} "
                    + "without running it", call.tool, call.key, layer, call.repeat, call.wouldAnswer);
        }
        if (suppressed > 0) {
            log.warn("duplicate request caught: tool={} key={} layer=client ({}) count={}: the resend was not sent",
                    call.tool, call.key, resendClient, suppressed);
            events.duplicatePrevented(call.tool, call.key, Layer.CLIENT, resendClient, "suppressed", suppressed);
        } else if (resends > 0) {
            log.warn("duplicate request sent: tool={} key={} layer=client ({}) count={}: the client sent the same request "
                    + "again{}", call.tool, call.key, resendClient, resends,
                    audit && resendsSuppressed ? " (mode: audit; enforce mode stops the resends it knows of)" : "");
        }
    }

    /** 1 to 10, then 20, 50, 100, 200, 500, 1000, ... */
    static boolean worthALine(int count) {
        if (count <= 10) {
            return true;
        }
        int n = count;
        while (n % 10 == 0) {
            n /= 10;
        }
        return n == 1 || n == 2 || n == 5;
    }

    void auditFailed(Throwable t) {
        long now = System.currentTimeMillis();
        long last = lastError.get();
        if (now - last >= ERROR_REPEAT_MILLIS && lastError.compareAndSet(last, now)) {
            log.error("the audit of a call failed (the call itself went on): {}", String.valueOf(t), t);
        }
    }

    /**
     * Registers {@code dev.intentguard:type=Tools} in the platform MBeanServer. Called on the agent's init thread, never
     * in premain: the host may set up JMX itself (its own MBeanServerBuilder, a remote connector) and must be first.
     */
    public void registerMBean(ToolDirectory directory) {
        if (ModuleLayer.boot().findModule("java.management").isEmpty()) {
            log.debug("no JMX in this runtime (module java.management): {} is not registered", "dev.intentguard:type=Tools");
            return;
        }
        ToolsMBean bean = new ToolsMBean(directory, this);
        String problem = bean.register();
        if (problem != null) {
            log.warn("the MBean dev.intentguard:type=Tools is not registered: {}", problem);
        } else {
            mbean = bean;
        }
    }

    /** Writes what is queued and stops the journal's thread (JVM shutdown), waiting at most {@code millis}. */
    public void close(long millis) {
        if (journal != null) {
            journal.close(millis);
        }
    }
}
