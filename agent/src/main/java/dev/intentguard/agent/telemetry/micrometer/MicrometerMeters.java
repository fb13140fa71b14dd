package dev.intentguard.agent.telemetry.micrometer;

import dev.intentguard.agent.audit.HostMeters;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The audit's meters in the host's {@code Metrics.globalRegistry} (loaded beside the host's Micrometer by
 * {@link MicrometerPlugin}). Each meter is registered once and kept, per tool and tag value: recording is a map lookup and
 * an increment, not Micrometer's registration path. Names are Micrometer's dotted ones; Prometheus shows
 * {@code intentguard_tool_calls_total}, {@code intentguard_duplicates_prevented_total},
 * {@code intentguard_resends_suppressed_total}, {@code intentguard_intents_unknown},
 * {@code intentguard_intents_unknown_oldest_seconds}, {@code intentguard_fanout_*}.
 */
public final class MicrometerMeters implements HostMeters {
    private final MeterRegistry registry = Metrics.globalRegistry;
    private final ConcurrentMap<String, ToolMeters> tools = new ConcurrentHashMap<>();

    public MicrometerMeters() {
    }

    /** One tool's meters, made on first use. */
    private final class ToolMeters {
        final String tool;
        final ConcurrentMap<String, Counter> calls = new ConcurrentHashMap<>();
        final ConcurrentMap<String, Counter> prevented = new ConcurrentHashMap<>();
        final ConcurrentMap<String, Counter> suppressed = new ConcurrentHashMap<>();
        /** Held here: Micrometer holds a gauge's object weakly. */
        final AtomicLong unknown = new AtomicLong();
        final AtomicLong oldestUnknown = new AtomicLong();
        volatile DistributionSummary fanout;
        volatile boolean unknownRegistered;

        ToolMeters(String tool) {
            this.tool = tool;
        }

        Counter call(String effect, String status) {
            Counter c = calls.get(status);
            return c != null ? c : calls.computeIfAbsent(status, s -> Counter.builder("intentguard.tool.calls")
                    .description("guarded tool calls, by the status the caller was answered")
                    .tags("tool", tool, "effect", effect, "status", s).register(registry));
        }

        Counter prevented(String layer, String mode) {
            String key = layer + '/' + mode;
            Counter c = prevented.get(key);
            return c != null ? c : prevented.computeIfAbsent(key, k -> Counter.builder("intentguard.duplicates.prevented")
                    .description("repeats of an intent stopped (mode enforce), or that enforce would have stopped (mode "
                            + "audit), by the layer that made them")
                    .tags("tool", tool, "layer", layer, "mode", mode).register(registry));
        }

        Counter suppressed(String client) {
            Counter c = suppressed.get(client);
            return c != null ? c : suppressed.computeIfAbsent(client, k -> Counter.builder("intentguard.resends.suppressed")
                    .description("resends of a write that may have been acted on, not sent")
                    .tags("tool", tool, "client", k).register(registry));
        }

        DistributionSummary fanout() {
            DistributionSummary f = fanout;
            if (f == null) {
                f = DistributionSummary.builder("intentguard.fanout")
                        .description("write requests sent per call that ran")
                        .tags("tool", tool).register(registry);
                fanout = f;
            }
            return f;
        }

        void unknown(long count, long oldestSeconds) {
            unknown.set(count);
            oldestUnknown.set(oldestSeconds);
            if (!unknownRegistered) {
                unknownRegistered = true;
                Gauge.builder("intentguard.intents.unknown", unknown, AtomicLong::get)
                        .description("intents whose outcome is unknown in the store (pending_unknown, requires "
                                + "reconciliation), as of the last reconciliation round")
                        .tags("tool", tool).register(registry);
                Gauge.builder("intentguard.intents.unknown.oldest", oldestUnknown, AtomicLong::get)
                        .description("how long the oldest of those has been unknown")
                        .baseUnit("seconds").tags("tool", tool).register(registry);
            }
        }
    }

    private ToolMeters tool(String tool) {
        ToolMeters t = tools.get(tool);
        return t != null ? t : tools.computeIfAbsent(tool, ToolMeters::new);
    }

    @Override
    public void toolCall(String tool, String effect, String status) {
        tool(tool).call(effect, status == null ? "none" : status).increment();
    }

    @Override
    public void duplicatePrevented(String tool, String layer, String mode, int count) {
        tool(tool).prevented(layer, mode).increment(count);
    }

    @Override
    public void resendsSuppressed(String tool, String client, int count) {
        tool(tool).suppressed(client == null ? "unknown" : client).increment(count);
    }

    @Override
    public void fanout(String tool, int writeRequests) {
        tool(tool).fanout().record(writeRequests);
    }

    @Override
    public void unknownIntents(String tool, long count, long oldestSeconds) {
        tool(tool).unknown(count, oldestSeconds);
    }

    @Override
    public String describe() {
        return "Micrometer's global registry";
    }
}
