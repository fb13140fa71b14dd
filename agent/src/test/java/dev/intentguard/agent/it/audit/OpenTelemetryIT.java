package dev.intentguard.agent.it.audit;

import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.LibraryJars;
import dev.intentguard.agent.testkit.RawHttpServer;
import dev.intentguard.it.audit.OtelSdkRetryLayersApp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The audit's counts and verdicts in the host's OpenTelemetry (issue 17), on the seed's retry stack
 * ({@link RetryLayersAuditIT}): a host that sets up the SDK in code (metrics read in memory, a span around the command),
 * and the OpenTelemetry Java agent beside intentguard in both orders, exporting with its logging exporter. Baselines:
 * the same hosts without intentguard have no intentguard metric.
 */
class OpenTelemetryIT {
    static final List<String> SDK = LibraryJars.of("io.opentelemetry:opentelemetry-sdk-testing:1.68.0");
    static final List<String> JAVA_AGENT = LibraryJars.of("io.opentelemetry.javaagent:opentelemetry-javaagent:2.31.0");
    static final String TOOLS = RetryLayersAuditIT.TOOLS + "reconcile:\n  interval: 200ms\n";

    @TempDir
    Path dir;
    AuditWorld world;
    RawHttpServer provider;

    @BeforeEach
    void setUp() throws Exception {
        world = new AuditWorld(dir);
        provider = AuditWorld.resettingProvider();
        world.config("enforce", TOOLS);
    }

    @AfterEach
    void tearDown() {
        provider.close();
    }

    private ForkedJvm host(String app, String command, List<String> libs) {
        return ForkedJvm.main(app, command).classPath(AuditWorld.retryStack(libs)).property("provider.url", provider.url()).workDir(dir.resolve("work"));
    }

    @Test
    void anSdkSetUpInCodeGetsTheCountsAndTheSpanTheVerdict() throws Exception {
        ForkedJvm.Result plain = ok(host(OtelSdkRetryLayersApp.class.getName(), "retry|P-1|/refunds/plain", SDK)
                .run(120));
        assertEquals(6, provider.requests("POST", "/refunds/plain").size(), plain.toString());
        assertEquals(List.of(), plain.lines("METRIC intentguard"), plain.toString());
        assertEquals(1, plain.lines("SPAN support-turn").size(), "the host's span is there: " + plain);

        ForkedJvm.Result r = ok(host(OtelSdkRetryLayersApp.class.getName(), "retry|S-1|/refunds/sdk", SDK)
                .property("await.unknown.gauge", true).agent("config=" + world.config).run(120));
        assertEquals(1, provider.requests("POST", "/refunds/sdk").size(), r.toString());
        assertEquals("3", metric(r, "intentguard.tool.calls", "status=pending_unknown"), r.toString());
        assertEquals("2", metric(r, "intentguard.duplicates.prevented", "layer=framework", "mode=enforce"), r.toString());
        assertEquals("1", metric(r, "intentguard.duplicates.prevented", "layer=client", "mode=enforce"), r.toString());
        assertEquals("1", metric(r, "intentguard.resends.suppressed", "client=okhttp"), r.toString());
        assertEquals("count=1 sum=1", metric(r, "intentguard.fanout", "tool=refund_order"), r.toString());
        assertEquals("1", metric(r, "intentguard.intents.unknown", "tool=refund_order"), r.toString());
        assertTrue(Long.parseLong(metric(r, "intentguard.intents.unknown.oldest", "tool=refund_order")) >= 0, r.toString());

        List<String> spans = r.lines("SPAN support-turn retry|S-1|/refunds/sdk ");
        assertEquals(1, spans.size(), r.toString());
        String span = spans.get(0);
        assertTrue(span.contains("intentguard.tool=refund_order"), span + "\n" + r.stderr);
        assertTrue(span.contains("intentguard.status=pending_unknown"), span);
        assertTrue(span.contains("intentguard.repeat_layer=framework"), span);
        Matcher hash = Pattern.compile("intentguard.intent_key_hash=([A-Za-z0-9_-]{43})").matcher(span);
        assertTrue(hash.find(), span);
        assertFalse(span.contains("S-1"), "no argument value on the span: " + span);
        assertEquals(2, count(span, " intentguard.duplicate_prevented{intentguard.layer=framework"), span);
        assertEquals(1, count(span, " intentguard.resend_suppressed{intentguard.client=okhttp"), span);
        assertTrue(r.stderr.contains("the audit's counts go to OpenTelemetry (the application's GlobalOpenTelemetry) too"),
                r.stderr);
    }

    @Test
    void theJavaAgentInFrontOfOrBehindIntentguardExportsTheCounts() throws Exception {
        String otel = "-javaagent:" + JAVA_AGENT.get(0);
        String ours = "-javaagent:" + ForkedJvm.agentJar() + "=config=" + world.config;
        ForkedJvm.Result plain = ok(javaAgentHost("retry|P-1|/refunds/plain", otel));
        assertEquals(6, provider.requests("POST", "/refunds/plain").size(), plain.toString());
        assertTrue(plain.stderr.contains("LoggingMetricExporter"), "the exporter runs: " + plain.stderr);
        assertEquals(-1, exported(plain.stderr, "intentguard.tool.calls", "effect=\"side_effect\", status=\"pending_unknown\", "
                + "tool=\"refund_order\""), "no intentguard metric without intentguard");
        assertFalse(plain.stderr.contains("name=intentguard."), "no intentguard metric without intentguard");

        for (List<String> order : List.of(List.of(otel, ours), List.of(ours, otel))) {
            String path = "/refunds/" + (order.get(0).equals(otel) ? "otel-first" : "intentguard-first");
            String orderId = order.get(0).equals(otel) ? "J-1" : "J-2";
            ForkedJvm.Result r = ok(javaAgentHost("retry|" + orderId + "|" + path, order.toArray(new String[0])));
            assertEquals(1, provider.requests("POST", path).size(), order + "\n" + r);
            assertTrue(provider.requests("POST", path).get(0).header("traceparent") != null,
                    "both agents wove OkHttp: the POST carries the trace context and the key: " + provider.requests("POST", path));
            assertTrue(provider.requests("POST", path).get(0).header("Idempotency-Key") != null, provider.requests().toString());
            assertEquals(2, exported(r.stderr, "intentguard.duplicates.prevented", "layer=\"framework\", mode=\"enforce\", "
                    + "tool=\"refund_order\""), order + "\n" + exports(r.stderr));
            assertEquals(1, exported(r.stderr, "intentguard.resends.suppressed", "client=\"okhttp\", tool=\"refund_order\""),
                    order + "\n" + exports(r.stderr));
            assertEquals(3, exported(r.stderr, "intentguard.tool.calls", "effect=\"side_effect\", status=\"pending_unknown\", "
                    + "tool=\"refund_order\""), order + "\n" + exports(r.stderr));
            // The store keeps the unknown intents of the runs before (the first order's J-1, then J-2 as well).
            assertEquals(orderId.equals("J-1") ? 1 : 2, exported(r.stderr, "intentguard.intents.unknown",
                    "tool=\"refund_order\""), order + "\n" + exports(r.stderr));
            assertTrue(r.stderr.contains("the audit's counts go to OpenTelemetry (the OpenTelemetry Java agent's) too"),
                    r.stderr);
        }
    }

    private ForkedJvm.Result javaAgentHost(String command, String... agents) throws Exception {
        return ok(host(RetryLayersAuditIT.APP, command, List.of()).option(agents)
                .option("-Dotel.metrics.exporter=logging", "-Dotel.traces.exporter=none", "-Dotel.logs.exporter=none",
                        "-Dotel.metric.export.interval=300",
                        // Its instrumentation of what the host uses (OkHttp: both agents weave the same client), not the
                        // hundred others, which only slow the JVM's start.
                        "-Dotel.instrumentation.common.default-enabled=false", "-Dotel.instrumentation.okhttp.enabled=true")
                .property("app.linger.ms", 1500).run(180));
    }

    /** The logging exporter's lines of intentguard's metrics (the whole log is thousands of lines). */
    static String exports(String log) {
        StringBuilder out = new StringBuilder();
        for (String line : log.split("\n")) {
            if (line.contains("name=intentguard.") || line.contains("intentguard]") || line.contains("[intentguard")) {
                out.append(line.replaceAll("resource=Resource\\{.*?}}, ", "")).append('\n');
            }
        }
        return out.toString();
    }

    /** The last value the logging exporter printed for {@code name} with exactly these attributes; -1 when none. */
    static long exported(String log, String name, String attributes) {
        long last = -1;
        for (String line : log.split("\n")) {
            if (!line.contains("name=" + name + ",")) {
                continue;
            }
            Matcher m = Pattern.compile("attributes=\\{" + Pattern.quote(attributes) + "}, value=(\\d+)").matcher(line);
            while (m.find()) {
                last = Long.parseLong(m.group(1));
            }
        }
        return last;
    }

    /** The value of the one METRIC line of {@code name} whose attributes hold all {@code pairs}. */
    private static String metric(ForkedJvm.Result r, String name, String... pairs) {
        List<String> found = new ArrayList<>();
        for (String line : r.lines("METRIC " + name + " ")) {
            boolean all = true;
            for (String p : pairs) {
                all &= line.contains(p);
            }
            if (all) {
                found.add(line.substring(line.indexOf('}') + 2));
            }
        }
        assertEquals(1, found.size(), name + " " + List.of(pairs) + ": " + r.lines("METRIC ") + "\n" + r);
        return found.get(0);
    }

    private static ForkedJvm.Result ok(ForkedJvm.Result r) {
        assertEquals(0, r.exitCode, r.toString());
        return r;
    }

    private static int count(String text, String needle) {
        return RetryLayersAuditIT.count(text, needle);
    }
}
