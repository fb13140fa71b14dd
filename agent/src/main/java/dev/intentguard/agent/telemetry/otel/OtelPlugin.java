package dev.intentguard.agent.telemetry.otel;

import com.google.auto.service.AutoService;
import dev.intentguard.agent.audit.HostMeters;
import dev.intentguard.agent.audit.HostTelemetry;
import dev.intentguard.agent.weave.AgentPlugin;
import dev.intentguard.agent.weave.ExactNamePlugin;
import dev.intentguard.agent.weave.PluginContext;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;

import java.util.Collections;
import java.util.Set;
import java.util.WeakHashMap;

/**
 * The audit's counts as OpenTelemetry metrics, and its verdict on the current span, in the host's global
 * {@code OpenTelemetry} ({@link OtelMeters}). Nothing is woven: the plugin watches for {@code GlobalOpenTelemetry} being
 * loaded, either an application's copy of the API (an SDK the application set up and registered globally, or the
 * OpenTelemetry Java agent's bridge to it) or the Java agent's own shaded copy on the boot class path (found at start-up
 * when that agent came first on the command line). Under the Java agent only its copy is used: the application's API is
 * bridged to it, and counting through both would count twice. A host without OpenTelemetry costs nothing;
 * {@code audit.otel: false} switches it off.
 */
@AutoService(AgentPlugin.class)
public final class OtelPlugin extends ExactNamePlugin {
    static final String API = "io.opentelemetry.api.";
    static final String AGENT_API = "io.opentelemetry.javaagent.shaded.io.opentelemetry.api.";

    private final Set<ClassLoader> seen = Collections.newSetFromMap(new WeakHashMap<>());
    private volatile boolean javaAgent;
    private volatile boolean started;

    public OtelPlugin() {
        super("opentelemetry", null, API + "GlobalOpenTelemetry", AGENT_API + "GlobalOpenTelemetry");
    }

    /** The Java agent's copy lives in the boot loader. */
    @Override
    public boolean instrumentsJdkClasses() {
        return true;
    }

    @Override
    public void start(PluginContext context) {
        if (!context.config().audit().otel()) {
            return;
        }
        started = true;
        try {
            Class.forName(AGENT_API + "GlobalOpenTelemetry", false, null);
            foundJavaAgent();                   // the Java agent started before this one
        } catch (ClassNotFoundException | LinkageError absent) {
            // no OpenTelemetry Java agent ahead of us; one behind us is seen when its class loads
        }
    }

    /** Seen being loaded: remembered, never transformed. */
    @Override
    public boolean mayTransform(ClassLoader loader, String internalName, byte[] classFile) {
        if (started && super.mayTransform(loader, internalName, classFile)) {
            if (internalName.startsWith("io/opentelemetry/javaagent/")) {
                foundJavaAgent();
            } else if (firstSight(loader)) {
                HostTelemetry telemetry = HostTelemetry.get();
                if (telemetry != null) {
                    telemetry.found(() -> javaAgent ? null : meters(API, loader, "OpenTelemetry (the application's "
                            + "GlobalOpenTelemetry)", false));
                }
            }
        }
        return false;
    }

    private void foundJavaAgent() {
        synchronized (seen) {
            if (javaAgent) {
                return;
            }
            javaAgent = true;
        }
        HostTelemetry telemetry = HostTelemetry.get();
        if (telemetry != null) {
            telemetry.found(() -> meters(AGENT_API, null, "OpenTelemetry (the OpenTelemetry Java agent's)", true));
        }
    }

    private boolean firstSight(ClassLoader loader) {
        synchronized (seen) {
            return seen.add(loader);
        }
    }

    private static HostMeters meters(String api, ClassLoader loader, String where, boolean javaAgent) {
        try {
            OtelMeters m = new OtelMeters(api, loader, where);
            m.javaAgent = javaAgent;
            return m;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("this OpenTelemetry API lacks what the agent uses (" + e + ")", e);
        }
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        return builder;
    }
}
