package dev.intentguard.agent.telemetry.micrometer;

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
 * The audit's counts as meters of the host's Micrometer global registry ({@code Metrics.globalRegistry}), which Spring
 * Boot binds its own registries to (Prometheus, OTLP, Datadog...: {@code management.metrics.use-global-registry}, on by
 * default). Nothing is woven: the plugin watches for {@code io.micrometer.core.instrument.Metrics} being loaded and
 * remembers the class loader that loads it; the meters ({@link MicrometerMeters}) are made on the next guarded call, in
 * the plugin's class loader for that loader, so they are the host's own Micrometer classes. A host without Micrometer
 * costs nothing; {@code audit.micrometer: false} switches it off.
 */
@AutoService(AgentPlugin.class)
public final class MicrometerPlugin extends ExactNamePlugin {
    static final String METRICS = "io.micrometer.core.instrument.Metrics";

    /** The loaders whose Metrics class was seen: the JVM may offer one class more than once (a retransformation). */
    private final Set<ClassLoader> seen = Collections.newSetFromMap(new WeakHashMap<>());

    public MicrometerPlugin() {
        super("micrometer", null, METRICS);
    }

    @Override
    public void start(PluginContext context) {
        this.context = context.config().audit().micrometer() ? context : null;
    }

    /** Seen being loaded: remembered, never transformed. */
    @Override
    public boolean mayTransform(ClassLoader loader, String internalName, byte[] classFile) {
        HostTelemetry telemetry = HostTelemetry.get();
        if (context != null && telemetry != null && super.mayTransform(loader, internalName, classFile) && firstSight(loader)) {
            telemetry.found(() -> meters(loader));
        }
        return false;
    }

    private boolean firstSight(ClassLoader loader) {
        synchronized (seen) {
            return seen.add(loader);
        }
    }

    private HostMeters meters(ClassLoader loader) {
        try {
            return (HostMeters) context.pluginClass(this, MicrometerMeters.class.getName(), loader)
                    .getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Micrometer's global registry: " + e, e);
        }
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        return builder;
    }
}
