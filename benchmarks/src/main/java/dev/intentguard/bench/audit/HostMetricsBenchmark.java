package dev.intentguard.bench.audit;

import dev.intentguard.agent.audit.AuditRecorder;
import dev.intentguard.agent.telemetry.micrometer.MicrometerMeters;
import dev.intentguard.agent.telemetry.otel.OtelBench;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * What recording the audit's counts in the host's metrics adds to one guarded call (issue 17): the audit's end of a
 * call (as in {@link AuditRecordingBenchmark}, journal off, {@code mode: enforce}) with no host metrics, with
 * Micrometer's global registry (a {@code SimpleMeterRegistry} bound to it), and with an OpenTelemetry SDK registered
 * globally (an in-memory reader; {@code otel-span}: with a recording span current, which gets the attributes and events).
 * {@code firstCall} is a new intent that ran and sent one write (calls by status, fan-out); {@code repeat} a repeat
 * answered without running (calls by status, a prevented duplicate).
 */
@State(org.openjdk.jmh.annotations.Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class HostMetricsBenchmark {
    @Param({"none", "micrometer", "otel", "otel-span"})
    public String meters;

    private Path dir;
    private AuditRecorder recorder;
    private OpenTelemetrySdk sdk;
    private Span span;
    private io.opentelemetry.context.Scope scope;
    private long n;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        dir = Files.createTempDirectory("host-metrics-bench");
        recorder = AuditRecordingBenchmark.recorder(dir, dev.intentguard.agent.config.Mode.ENFORCE, false);
        if (meters.equals("micrometer")) {
            Metrics.addRegistry(new SimpleMeterRegistry());
            recorder.telemetry().found(MicrometerMeters::new);
        } else if (meters.startsWith("otel")) {
            sdk = OpenTelemetrySdk.builder()
                    .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(InMemoryMetricReader.create()).build())
                    .setTracerProvider(SdkTracerProvider.builder().build())
                    .buildAndRegisterGlobal();
            recorder.telemetry().found(() -> {
                try {
                    return OtelBench.applicationApi();
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            });
            if (meters.equals("otel-span")) {
                span = sdk.getTracer("bench").spanBuilder("turn").startSpan();
                scope = span.makeCurrent();
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        if (scope != null) {
            scope.close();
            span.end();
        }
        if (sdk != null) {
            sdk.close();
        }
        recorder.close(5_000);
        AuditRecordingBenchmark.delete(dir);
    }

    @Benchmark
    public Object firstCall() {
        return AuditRecordingBenchmark.firstCall(recorder, "ig1:refund_order:" + (n++));
    }

    @Benchmark
    public Object repeat() {
        return AuditRecordingBenchmark.repeat(recorder, "ig1:refund_order:same");
    }
}
