package dev.intentguard.agent.telemetry.otel;

import dev.intentguard.agent.audit.HostMeters;
import dev.intentguard.agent.log.AgentLoggers;
import org.slf4j.Logger;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Consumer;

/**
 * The audit's counts as OpenTelemetry metrics of the host's global {@code OpenTelemetry}, and its verdict on the span
 * current when a guarded call ends. The API is reached through method handles on the host's own classes, found by name
 * under a package prefix: {@code io.opentelemetry.api.} for an application's copy of the API, or the OpenTelemetry Java
 * agent's shaded copy on the boot class path ({@code io.opentelemetry.javaagent.shaded.io.opentelemetry.api.}), which
 * no class compiled against the API could name.
 *
 * <p>The global instance is asked for only once the host has set it ({@code GlobalOpenTelemetry.isSet()}, API 1.57 and
 * later): {@code get()} before that would fix the global to a no-op and make the host's own {@code set} fail. An older
 * API without {@code isSet()} is read only under the Java agent, which sets it before the application starts.
 */
final class OtelMeters implements HostMeters {
    private static final Logger LOG = AgentLoggers.named("intentguard.audit");
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.publicLookup();

    private final String where;
    private final MethodHandle isSet;
    private final MethodHandle get;
    private final MethodHandle getMeter;
    private final MethodHandle counterBuilder;
    private final MethodHandle counterDescription;
    private final MethodHandle counterBuild;
    private final MethodHandle counterAdd;
    private final MethodHandle histogramBuilder;
    private final MethodHandle histogramDescription;
    private final MethodHandle histogramOfLongs;
    private final MethodHandle longHistogramBuild;
    private final MethodHandle histogramRecord;
    private final MethodHandle gaugeBuilder;
    private final MethodHandle gaugeDescription;
    private final MethodHandle gaugeUnit;
    private final MethodHandle gaugeOfLongs;
    private final MethodHandle gaugeBuildWithCallback;
    private final MethodHandle measurementRecord;
    private final MethodHandle attributesBuilder;
    private final MethodHandle attributesPut;
    private final MethodHandle attributesBuild;
    private final MethodHandle currentSpan;
    private final MethodHandle spanIsRecording;
    private final MethodHandle spanSetAttribute;
    private final MethodHandle spanAddEvent;

    private volatile Instruments instruments;
    private volatile boolean broken;
    /** Attribute sets of span events, made once per combination of values. */
    private final ConcurrentMap<String, Object> attributes = new ConcurrentHashMap<>();
    /** The latest count of unknown intents per tool and the oldest one's age in seconds, which the gauges report. */
    private final Map<String, long[]> unknown = new ConcurrentHashMap<>();

    /** The instruments, once the global OpenTelemetry is set. */
    private static final class Instruments {
        final Object calls;
        final Object prevented;
        final Object suppressed;
        final Object fanout;

        Instruments(Object calls, Object prevented, Object suppressed, Object fanout) {
            this.calls = calls;
            this.prevented = prevented;
            this.suppressed = suppressed;
            this.fanout = fanout;
        }
    }

    /**
     * @param api the package of the API, with its dot ({@code io.opentelemetry.api.})
     * @param loader the loader that sees it ({@code null}: the boot loader)
     * @param where for logs
     */
    OtelMeters(String api, ClassLoader loader, String where) throws ReflectiveOperationException {
        this.where = where;
        Class<?> global = Class.forName(api + "GlobalOpenTelemetry", true, loader);
        Class<?> openTelemetry = Class.forName(api + "OpenTelemetry", false, loader);
        Class<?> meter = Class.forName(api + "metrics.Meter", false, loader);
        Class<?> longCounterBuilder = Class.forName(api + "metrics.LongCounterBuilder", false, loader);
        Class<?> longCounter = Class.forName(api + "metrics.LongCounter", false, loader);
        Class<?> doubleHistogramBuilder = Class.forName(api + "metrics.DoubleHistogramBuilder", false, loader);
        Class<?> longHistogramBuilder = Class.forName(api + "metrics.LongHistogramBuilder", false, loader);
        Class<?> longHistogram = Class.forName(api + "metrics.LongHistogram", false, loader);
        Class<?> doubleGaugeBuilder = Class.forName(api + "metrics.DoubleGaugeBuilder", false, loader);
        Class<?> longGaugeBuilder = Class.forName(api + "metrics.LongGaugeBuilder", false, loader);
        Class<?> measurement = Class.forName(api + "metrics.ObservableLongMeasurement", false, loader);
        Class<?> attrs = Class.forName(api + "common.Attributes", false, loader);
        Class<?> attrsBuilder = Class.forName(api + "common.AttributesBuilder", false, loader);
        Class<?> span = Class.forName(api + "trace.Span", false, loader);

        MethodHandle set = null;
        try {
            set = LOOKUP.findStatic(global, "isSet", MethodType.methodType(boolean.class));
        } catch (NoSuchMethodException older) {
            // API before 1.57: only the Java agent's copy is read (it is set before the application starts)
        }
        this.isSet = set;
        this.get = generic(LOOKUP.findStatic(global, "get", MethodType.methodType(openTelemetry)));
        this.getMeter = generic(LOOKUP.findVirtual(openTelemetry, "getMeter", MethodType.methodType(meter, String.class)));
        this.counterBuilder = generic(LOOKUP.findVirtual(meter, "counterBuilder",
                MethodType.methodType(longCounterBuilder, String.class)));
        this.counterDescription = generic(LOOKUP.findVirtual(longCounterBuilder, "setDescription",
                MethodType.methodType(longCounterBuilder, String.class)));
        this.counterBuild = generic(LOOKUP.findVirtual(longCounterBuilder, "build", MethodType.methodType(longCounter)));
        this.counterAdd = LOOKUP.findVirtual(longCounter, "add", MethodType.methodType(void.class, long.class, attrs))
                .asType(MethodType.methodType(void.class, Object.class, long.class, Object.class));
        this.histogramBuilder = generic(LOOKUP.findVirtual(meter, "histogramBuilder",
                MethodType.methodType(doubleHistogramBuilder, String.class)));
        this.histogramDescription = generic(LOOKUP.findVirtual(doubleHistogramBuilder, "setDescription",
                MethodType.methodType(doubleHistogramBuilder, String.class)));
        this.histogramOfLongs = generic(LOOKUP.findVirtual(doubleHistogramBuilder, "ofLongs",
                MethodType.methodType(longHistogramBuilder)));
        this.longHistogramBuild = generic(LOOKUP.findVirtual(longHistogramBuilder, "build", MethodType.methodType(longHistogram)));
        this.histogramRecord = LOOKUP.findVirtual(longHistogram, "record", MethodType.methodType(void.class, long.class, attrs))
                .asType(MethodType.methodType(void.class, Object.class, long.class, Object.class));
        this.gaugeBuilder = generic(LOOKUP.findVirtual(meter, "gaugeBuilder",
                MethodType.methodType(doubleGaugeBuilder, String.class)));
        this.gaugeDescription = generic(LOOKUP.findVirtual(doubleGaugeBuilder, "setDescription",
                MethodType.methodType(doubleGaugeBuilder, String.class)));
        this.gaugeUnit = generic(LOOKUP.findVirtual(doubleGaugeBuilder, "setUnit",
                MethodType.methodType(doubleGaugeBuilder, String.class)));
        this.gaugeOfLongs = generic(LOOKUP.findVirtual(doubleGaugeBuilder, "ofLongs", MethodType.methodType(longGaugeBuilder)));
        MethodHandle withCallback = LOOKUP.findVirtual(longGaugeBuilder, "buildWithCallback",
                MethodType.methodType(Class.forName(api + "metrics.ObservableLongGauge", false, loader), Consumer.class));
        this.gaugeBuildWithCallback = withCallback.asType(MethodType.methodType(Object.class, Object.class, Consumer.class));
        this.measurementRecord = LOOKUP.findVirtual(measurement, "record", MethodType.methodType(void.class, long.class, attrs))
                .asType(MethodType.methodType(void.class, Object.class, long.class, Object.class));
        this.attributesBuilder = generic(LOOKUP.findStatic(attrs, "builder", MethodType.methodType(attrsBuilder)));
        this.attributesPut = generic(LOOKUP.findVirtual(attrsBuilder, "put",
                MethodType.methodType(attrsBuilder, String.class, String.class)));
        this.attributesBuild = generic(LOOKUP.findVirtual(attrsBuilder, "build", MethodType.methodType(attrs)));
        this.currentSpan = generic(LOOKUP.findStatic(span, "current", MethodType.methodType(span)));
        this.spanIsRecording = LOOKUP.findVirtual(span, "isRecording", MethodType.methodType(boolean.class))
                .asType(MethodType.methodType(boolean.class, Object.class));
        this.spanSetAttribute = LOOKUP.findVirtual(span, "setAttribute", MethodType.methodType(span, String.class, String.class))
                .asType(MethodType.methodType(Object.class, Object.class, String.class, String.class));
        this.spanAddEvent = LOOKUP.findVirtual(span, "addEvent", MethodType.methodType(span, String.class, attrs))
                .asType(MethodType.methodType(Object.class, Object.class, String.class, Object.class));
    }

    private static MethodHandle generic(MethodHandle h) {
        return h.asType(h.type().generic());
    }

    /** Whether the API's global instance may be read: set by the host, or (without {@code isSet}) by the Java agent. */
    private boolean readable() {
        try {
            return isSet != null ? (boolean) isSet.invokeExact() : javaAgent;
        } catch (Throwable t) {
            failed(t);
            return false;
        }
    }

    /**
     * The instruments, made once the host's global OpenTelemetry is set. Until then each recording asks again: asking is
     * one static read, and a pause between looks lost the counts of calls that ended in it after the global was set (a
     * reconciliation round could look while the Java agent was still setting up its SDK, and the first call end in the
     * pause).
     */
    private Instruments instruments() {
        Instruments i = instruments;
        if (i != null || broken || !readable()) {
            return i;
        }
        synchronized (this) {
            if (instruments != null || broken) {
                return instruments;
            }
            try {
                Object meter = getMeter.invokeExact(get.invokeExact(), (Object) "intentguard");
                Object calls = counter(meter, "intentguard.tool.calls", "guarded tool calls, by the status the caller was answered");
                Object prevented = counter(meter, "intentguard.duplicates.prevented", "repeats of an intent stopped (mode "
                        + "enforce), or that enforce would have stopped (mode audit), by the layer that made them");
                Object suppressed = counter(meter, "intentguard.resends.suppressed",
                        "resends of a write that may have been acted on, not sent");
                Object fanout = longHistogramBuild.invokeExact(histogramOfLongs.invokeExact(histogramDescription.invokeExact(
                        histogramBuilder.invokeExact(meter, (Object) "intentguard.fanout"),
                        (Object) "write requests sent per call that ran")));
                Consumer<Object> counts = m -> unknown.forEach((tool, u) -> observe(m, u[0], tool));
                Consumer<Object> ages = m -> unknown.forEach((tool, u) -> observe(m, u[1], tool));
                Object gauge = gaugeBuildWithCallback.invokeExact(gaugeOfLongs.invokeExact(gaugeDescription.invokeExact(
                        gaugeBuilder.invokeExact(meter, (Object) "intentguard.intents.unknown"),
                        (Object) ("intents whose outcome is unknown in the store (pending_unknown, requires "
                                + "reconciliation), as of the last reconciliation round"))), (Consumer) counts);
                Object oldest = gaugeBuildWithCallback.invokeExact(gaugeOfLongs.invokeExact(gaugeUnit.invokeExact(
                        gaugeDescription.invokeExact(gaugeBuilder.invokeExact(meter, (Object) "intentguard.intents.unknown.oldest"),
                                (Object) "how long the oldest of those has been unknown"), (Object) "s")), (Consumer) ages);
                instruments = new Instruments(calls, prevented, suppressed, fanout);
                return instruments;
            } catch (Throwable t) {
                broken = true;                             // not again: the audit's other outputs go on
                LOG.warn("{}: the instruments could not be made ({}); the audit's counts stay in JMX, JFR and the journal",
                        where, String.valueOf(t));
                return null;
            }
        }
    }

    private void observe(Object measurement, long value, String tool) {
        try {
            measurementRecord.invokeExact(measurement, value, tool(tool).toolOnly);
        } catch (Throwable ignored) {
            // a gauge that cannot report this round reports the next
        }
    }

    /** Set by the plugin: this is the Java agent's copy, which the agent sets before the application starts. */
    volatile boolean javaAgent;

    private Object counter(Object meter, String name, String description) throws Throwable {
        return counterBuild.invokeExact(counterDescription.invokeExact(counterBuilder.invokeExact(meter, (Object) name),
                (Object) description));
    }

    /** One tool's attribute sets, made once per value: recording looks them up by one string, no key is built. */
    private final class ToolAttributes {
        final Object toolOnly;
        final String tool;
        final ConcurrentMap<String, Object> calls = new ConcurrentHashMap<>();
        final ConcurrentMap<String, Object> preventedEnforce = new ConcurrentHashMap<>();
        final ConcurrentMap<String, Object> preventedAudit = new ConcurrentHashMap<>();
        final ConcurrentMap<String, Object> suppressed = new ConcurrentHashMap<>();

        ToolAttributes(String tool) {
            this.tool = tool;
            this.toolOnly = attributes("tool", tool);
        }

        Object call(String effect, String status) {
            Object a = calls.get(status);
            return a != null ? a : calls.computeIfAbsent(status, s -> attributes("tool", tool, "effect", effect, "status", s));
        }

        Object prevented(String layer, String mode) {
            ConcurrentMap<String, Object> byLayer = "audit".equals(mode) ? preventedAudit : preventedEnforce;
            Object a = byLayer.get(layer);
            return a != null ? a : byLayer.computeIfAbsent(layer, l -> attributes("tool", tool, "layer", l, "mode", mode));
        }

        Object suppressed(String client) {
            Object a = suppressed.get(client);
            return a != null ? a : suppressed.computeIfAbsent(client, c -> attributes("tool", tool, "client", c));
        }
    }

    private final ConcurrentMap<String, ToolAttributes> tools = new ConcurrentHashMap<>();

    private ToolAttributes tool(String tool) {
        ToolAttributes t = tools.get(tool);
        return t != null ? t : tools.computeIfAbsent(tool, ToolAttributes::new);
    }

    /** The attribute set of these name/value pairs, made once. */
    private Object attributes(String... pairs) {
        String key = String.join("\u0000", pairs);
        Object a = attributes.get(key);
        if (a != null) {
            return a;
        }
        try {
            Object b = attributesBuilder.invokeExact();
            for (int i = 0; i < pairs.length; i += 2) {
                b = attributesPut.invokeExact(b, (Object) pairs[i], (Object) pairs[i + 1]);
            }
            a = attributesBuild.invokeExact(b);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
        Object raced = attributes.putIfAbsent(key, a);
        return raced != null ? raced : a;
    }

    @Override
    public void toolCall(String tool, String effect, String status) {
        Instruments i = instruments();
        if (i != null) {
            add(i.calls, 1, tool(tool).call(effect, status == null ? "none" : status));
        }
    }

    @Override
    public void duplicatePrevented(String tool, String layer, String mode, int count) {
        Instruments i = instruments();
        if (i != null) {
            add(i.prevented, count, tool(tool).prevented(layer, mode));
        }
    }

    @Override
    public void resendsSuppressed(String tool, String client, int count) {
        Instruments i = instruments();
        if (i != null) {
            add(i.suppressed, count, tool(tool).suppressed(client == null ? "unknown" : client));
        }
    }

    @Override
    public void fanout(String tool, int writeRequests) {
        Instruments i = instruments();
        if (i != null) {
            try {
                histogramRecord.invokeExact(i.fanout, (long) writeRequests, tool(tool).toolOnly);
            } catch (Throwable t) {
                failed(t);
            }
        }
    }

    @Override
    public void unknownIntents(String tool, long count, long oldestSeconds) {
        unknown.put(tool, new long[] {count, oldestSeconds});
        instruments();
    }

    @Override
    public void spanOfCall(String tool, String status, String repeatLayer, String keyHash, String preventedLayer,
                           int suppressed, String client) {
        if (instruments() == null) {
            return;
        }
        try {
            Object span = currentSpan.invokeExact();
            if (!(boolean) spanIsRecording.invokeExact(span)) {
                return;
            }
            // Plain String locals: a conditional as the argument of invokeExact is typed Object, not String.
            String answered = status == null ? "none" : status;
            Object s = spanSetAttribute.invokeExact(span, "intentguard.tool", tool);
            s = spanSetAttribute.invokeExact(span, "intentguard.status", answered);
            s = spanSetAttribute.invokeExact(span, "intentguard.intent_key_hash", keyHash);
            if (repeatLayer != null) {
                s = spanSetAttribute.invokeExact(span, "intentguard.repeat_layer", repeatLayer);
            }
            if (preventedLayer != null) {
                s = spanAddEvent.invokeExact(span, "intentguard.duplicate_prevented",
                        attributes("intentguard.layer", preventedLayer, "intentguard.status", answered));
            }
            if (suppressed > 0) {
                s = spanAddEvent.invokeExact(span, "intentguard.resend_suppressed",
                        attributes("intentguard.client", client == null ? "unknown" : client,
                                "intentguard.count", String.valueOf(suppressed)));
            }
        } catch (Throwable t) {
            failed(t);
        }
    }

    private void add(Object counter, long n, Object attrs) {
        try {
            counterAdd.invokeExact(counter, n, attrs);
        } catch (Throwable t) {
            failed(t);
        }
    }

    /** Never into the host's call; said once. */
    private void failed(Throwable t) {
        if (!failedOnce) {
            failedOnce = true;
            LOG.warn("{}: recording failed ({}); said once, later failures are not", where, String.valueOf(t));
        }
    }

    private volatile boolean failedOnce;

    @Override
    public String describe() {
        return where;
    }
}
