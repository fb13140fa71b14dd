package dev.intentguard.agent.audit;

import dev.intentguard.agent.log.AgentLoggers;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The audit's counts in the host's own metrics ({@link HostMeters}): found at run time, when the host loads its metrics
 * library, and nothing when it does not (a call then costs one volatile read).
 *
 * <p>A plugin that sees the library's class being loaded says so with {@link #found}; the meters are made on the next
 * recorded call, not while the JVM defines that class (loading the plugin's classes from inside a class load of the
 * same loader is what class-loading deadlocks are made of).
 */
public final class HostTelemetry {
    private static final Logger LOG = AgentLoggers.named("intentguard.audit");
    private static final HostMeters[] NONE = new HostMeters[0];
    private static volatile HostTelemetry installed;

    private volatile HostMeters[] meters = NONE;
    private volatile boolean pending;
    private final List<Supplier<HostMeters>> found = new ArrayList<>();
    /** The tools the last reconciliation round reported unknown intents of: the next round sets the ones it no longer sees to 0. */
    private Set<String> unknownTools = Set.of();

    /** Makes this the telemetry the plugins find with {@link #get}; the first call wins. */
    public HostTelemetry install() {
        synchronized (HostTelemetry.class) {
            if (installed == null) {
                installed = this;
            }
        }
        return installed;
    }

    /** The agent's telemetry, or {@code null} before start-up. */
    public static HostTelemetry get() {
        return installed;
    }

    /** A plugin found its library in the host: {@code meters} makes the instruments (on the next recorded call). */
    public void found(Supplier<HostMeters> meters) {
        synchronized (found) {
            found.add(meters);
        }
        pending = true;
    }

    /** Whether any host metrics are recorded into (for tests and the start-up line). */
    public boolean active() {
        return meters.length > 0;
    }

    /**
     * The counts of one ended call, as the audit classified it: {@code sent} of its attempts reached (or may have
     * reached) the server; {@code suppressed} resends of {@code client} were not sent; in audit mode,
     * {@code wouldSuppress} resends went that enforce would have stopped.
     */
    void record(CallEntry call, boolean auditMode, int sent, int suppressed, int wouldSuppress, String client) {
        HostMeters[] all = current();
        if (all.length == 0) {
            return;
        }
        String layer = call.layer == null ? Layer.UNATTRIBUTED.wireName() : call.layer.wireName();
        boolean preventedHere = call.prevented;
        boolean wouldPrevent = auditMode && call.layer != null && AuditRecorder.preventing(call.wouldAnswer);
        boolean sideEffect = "side_effect".equals(call.effect);
        int fanout = call.ran ? sent : 0;
        String repeatLayer = call.layer == null ? null : layer;
        String keyHash = call.key == null ? null : call.key.substring(call.key.lastIndexOf(':') + 1);
        for (HostMeters m : all) {
            m.spanOfCall(call.tool, call.answer, repeatLayer, keyHash, preventedHere ? layer : null, suppressed, client);
            m.toolCall(call.tool, call.effect, call.answer);
            if (sideEffect && (preventedHere || wouldPrevent)) {
                m.duplicatePrevented(call.tool, layer, call.mode, 1);
            }
            if (suppressed > 0) {
                m.duplicatePrevented(call.tool, Layer.CLIENT.wireName(), call.mode, suppressed);
                m.resendsSuppressed(call.tool, client, suppressed);
            }
            if (wouldSuppress > 0) {
                m.duplicatePrevented(call.tool, Layer.CLIENT.wireName(), call.mode, wouldSuppress);
            }
            if (fanout > 0) {
                m.fanout(call.tool, fanout);
            }
        }
    }

    /** What a reconciliation round found of one tool's unknown intents. */
    public static final class Unknown {
        long count;
        long oldestMillis;

        /** One more unknown intent, unknown since {@code sinceMillis}. */
        public void add(long sinceMillis, long nowMillis) {
            count++;
            oldestMillis = Math.max(oldestMillis, nowMillis - sinceMillis);
        }
    }

    /** The unknown intents per tool the reconciler just counted in the store. */
    public void unknownIntents(Map<String, Unknown> byTool) {
        HostMeters[] all = current();
        if (all.length == 0) {
            return;
        }
        Set<String> gone;
        synchronized (this) {
            gone = new HashSet<>(unknownTools);
            gone.removeAll(byTool.keySet());
            unknownTools = Set.copyOf(byTool.keySet());
        }
        for (HostMeters m : all) {
            byTool.forEach((tool, u) -> m.unknownIntents(tool, u.count, u.oldestMillis / 1000));
            for (String tool : gone) {
                m.unknownIntents(tool, 0, 0);
            }
        }
    }

    private HostMeters[] current() {
        if (pending) {
            make();
        }
        return meters;
    }

    private void make() {
        synchronized (found) {
            if (!pending) {
                return;
            }
            List<HostMeters> made = new ArrayList<>(List.of(meters));
            for (Supplier<HostMeters> s : found) {
                try {
                    HostMeters m = s.get();
                    if (m != null) {
                        made.add(m);
                        LOG.info("the audit's counts go to {} too (intentguard.tool.calls, intentguard.duplicates.prevented, "
                                + "intentguard.resends.suppressed, intentguard.intents.unknown, intentguard.fanout)",
                                m.describe());
                    }
                } catch (Throwable t) {
                    LOG.warn("the host's metrics could not be reached ({}); the audit's counts stay in JMX, JFR and the "
                            + "journal", String.valueOf(t));
                }
            }
            found.clear();
            meters = made.toArray(NONE);
            pending = false;
        }
    }
}
