package dev.intentguard.agent.telemetry.otel;

import dev.intentguard.agent.audit.HostMeters;

/** The OpenTelemetry adapter as the plugin makes it for an application's API, for {@code HostMetricsBenchmark}. */
public final class OtelBench {
    private OtelBench() {
    }

    public static HostMeters applicationApi() throws ReflectiveOperationException {
        return new OtelMeters(OtelPlugin.API, OtelBench.class.getClassLoader(), "OpenTelemetry (benchmark)");
    }
}
