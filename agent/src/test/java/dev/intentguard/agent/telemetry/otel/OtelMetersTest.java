package dev.intentguard.agent.telemetry.otel;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.Collection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The counts in a real SDK set as the global instance, with the host setting it before or after the first count. */
class OtelMetersTest {
    @AfterEach
    void resetGlobal() {
        GlobalOpenTelemetry.resetForTest();
    }

    @Test
    void aCountMadeAsSoonAsTheHostSetsItsSdkIsExported() throws Exception {
        GlobalOpenTelemetry.resetForTest();
        OtelMeters meters = new OtelMeters(OtelPlugin.API, getClass().getClassLoader(), "test");
        meters.toolCall("refund_order", "side_effect", "done");           // not set yet: nothing to count into
        meters.unknownIntents("refund_order", 1, 3);                       // a reconciliation round, still unset
        assertFalse(GlobalOpenTelemetry.isSet(), "asking does not fix the global to a no-op");

        InMemoryMetricReader reader = InMemoryMetricReader.create();
        GlobalOpenTelemetry.set(OpenTelemetrySdk.builder()
                .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(reader).build()).build());
        // The same instant, not a second later: the first call of a JVM may end right after the host's SDK is set.
        meters.toolCall("refund_order", "side_effect", "pending_unknown");
        meters.resendsSuppressed("refund_order", "okhttp", 1);
        meters.fanout("refund_order", 1);

        Collection<MetricData> data = reader.collectAllMetrics();
        assertEquals(1, sum(data, "intentguard.tool.calls"), data.toString());
        assertEquals(1, sum(data, "intentguard.resends.suppressed"), data.toString());
        assertTrue(data.stream().anyMatch(m -> m.getName().equals("intentguard.fanout")), data.toString());
        assertEquals(1, data.stream().filter(m -> m.getName().equals("intentguard.intents.unknown"))
                .mapToLong(m -> m.getLongGaugeData().getPoints().iterator().next().getValue()).sum(),
                "the gauge reports the round seen before the SDK was set: " + data);
    }

    private static long sum(Collection<MetricData> data, String name) {
        return data.stream().filter(m -> m.getName().equals(name))
                .flatMap(m -> m.getLongSumData().getPoints().stream()).mapToLong(p -> p.getValue()).sum();
    }
}
