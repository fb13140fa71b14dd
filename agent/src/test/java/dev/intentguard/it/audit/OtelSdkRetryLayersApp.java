package dev.intentguard.it.audit;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;

import java.util.Collection;

/**
 * {@link RetryLayersApp} in a host that sets up the OpenTelemetry SDK in code and registers it globally (no Java agent),
 * with a span around each command, as an agent framework's instrumentation would have around a tool call. After the
 * commands it reads its own metrics (an in-memory reader of the SDK), with {@code -Dawait.unknown.gauge=true} once the
 * gauge of unknown intents shows (the reconciler's round; the test bounds the run), and prints them ({@code METRIC name {attributes} value}) and the ended spans ({@code SPAN name {attributes}
 * events}).
 */
public final class OtelSdkRetryLayersApp {
    private OtelSdkRetryLayersApp() {
    }

    public static void main(String[] args) throws Exception {
        InMemoryMetricReader metrics = InMemoryMetricReader.create();
        InMemorySpanExporter spans = InMemorySpanExporter.create();
        OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
                .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(metrics).build())
                .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build())
                .buildAndRegisterGlobal();
        for (String command : args) {
            Span span = sdk.getTracer("host").spanBuilder("support-turn " + command).startSpan();
            try (Scope ignored = span.makeCurrent()) {
                RetryLayersApp.run(new String[] {command});
            } finally {
                span.end();
            }
        }
        Collection<MetricData> data = metrics.collectAllMetrics();
        while (Boolean.getBoolean("await.unknown.gauge")
                && data.stream().noneMatch(m -> m.getName().equals("intentguard.intents.unknown"))) {
            Thread.sleep(100);
            data = metrics.collectAllMetrics();
        }
        for (MetricData m : data) {
            switch (m.getType()) {
                case LONG_SUM:
                    m.getLongSumData().getPoints().forEach(p -> System.out.println("METRIC " + m.getName() + " "
                            + text(p.getAttributes()) + " " + p.getValue()));
                    break;
                case LONG_GAUGE:
                    m.getLongGaugeData().getPoints().forEach(p -> System.out.println("METRIC " + m.getName() + " "
                            + text(p.getAttributes()) + " " + p.getValue()));
                    break;
                case HISTOGRAM:
                    m.getHistogramData().getPoints().forEach(p -> System.out.println("METRIC " + m.getName() + " "
                            + text(p.getAttributes()) + " count=" + p.getCount() + " sum=" + (long) p.getSum()));
                    break;
                default:
                    System.out.println("METRIC " + m.getName() + " " + m.getType());
            }
        }
        for (SpanData s : spans.getFinishedSpanItems()) {
            StringBuilder events = new StringBuilder();
            s.getEvents().forEach(e -> events.append(' ').append(e.getName()).append(text(e.getAttributes())));
            System.out.println("SPAN " + s.getName() + " " + text(s.getAttributes()) + events);
        }
        sdk.close();
        System.exit(0);
    }

    /** {@code {k=v, k=v}} in the SDK's (key) order, whatever its map's toString says. */
    private static String text(Attributes attributes) {
        StringBuilder out = new StringBuilder("{");
        attributes.forEach((k, v) -> out.append(out.length() > 1 ? ", " : "").append(k.getKey()).append('=').append(v));
        return out.append('}').toString();
    }
}
