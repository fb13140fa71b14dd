package dev.intentguard.agent.it.audit;

import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.LibraryJars;
import dev.intentguard.agent.testkit.RawHttpServer;
import dev.intentguard.it.audit.MeteredRetryLayersApp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The audit's counts where production looks (issue 17): the seed's retry stack ({@link RetryLayersAuditIT}'s refund tool
 * under a Resilience4j Retry, OkHttp's own resend, a provider that resets every POST after reading it) in a host that
 * binds a Prometheus registry to Micrometer's global registry and serves it on loopback, the way Spring Boot Actuator
 * does. The test scrapes it over HTTP: without the agent no intentguard meter; in enforce mode the prevented repeats by
 * layer, the suppressed resend by client, the calls by status, the fan-out and the unknown intent; in audit mode what
 * enforce would have prevented. A host without Micrometer or OpenTelemetry loads none of it, and
 * {@code audit.micrometer: false} keeps the meters out.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)        // a host that never serves or never counts fails, not hangs
class HostMetricsIT {
    static final String APP = MeteredRetryLayersApp.class.getName();
    static final List<String> MICROMETER = LibraryJars.of("io.micrometer:micrometer-registry-prometheus:1.17.1");
    static final String TOOLS = RetryLayersAuditIT.TOOLS + "reconcile:\n  interval: 200ms\n";
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @TempDir
    Path dir;
    AuditWorld world;
    RawHttpServer provider;

    @BeforeEach
    void setUp() throws Exception {
        world = new AuditWorld(dir);
        provider = AuditWorld.resettingProvider();
    }

    @AfterEach
    void tearDown() {
        provider.close();
    }

    @Test
    void enforceModeCountsWhatItPreventedInThePrometheusScrape() throws Exception {
        Scrape plain = scrape(false, "retry|P-1|/refunds/plain");
        assertEquals(6, provider.requests("POST", "/refunds/plain").size(), provider.requests().toString());
        assertFalse(plain.text.contains("intentguard"), "no intentguard meter without the agent:\n" + plain.text);
        assertTrue(plain.text.contains("host_started_total 1.0"), "the host's scrape works: " + plain.text);

        world.config("enforce", TOOLS);
        Scrape s = scrape(true, "retry|E-1|/refunds/enforce", "intentguard_intents_unknown{",
                "intentguard_intents_unknown_oldest_seconds{");
        assertEquals(1, provider.requests("POST", "/refunds/enforce").size(), s.toString());
        assertEquals(3.0, s.value("intentguard_tool_calls_total", "tool=\"refund_order\"", "effect=\"side_effect\"",
                "status=\"pending_unknown\""), s.toString());
        assertEquals(2.0, s.value("intentguard_duplicates_prevented_total", "tool=\"refund_order\"", "layer=\"framework\"",
                "mode=\"enforce\""), s.toString());
        assertEquals(1.0, s.value("intentguard_duplicates_prevented_total", "tool=\"refund_order\"", "layer=\"client\"",
                "mode=\"enforce\""), s.toString());
        assertEquals(1.0, s.value("intentguard_resends_suppressed_total", "tool=\"refund_order\"", "client=\"okhttp\""),
                s.toString());
        assertEquals(1.0, s.value("intentguard_fanout_count", "tool=\"refund_order\""), "one call ran: " + s);
        assertEquals(1.0, s.value("intentguard_fanout_sum", "tool=\"refund_order\""), "it sent one write: " + s);
        assertEquals(1.0, s.value("intentguard_intents_unknown", "tool=\"refund_order\""), s.toString());
        assertTrue(s.value("intentguard_intents_unknown_oldest_seconds", "tool=\"refund_order\"") >= 0, s.toString());
        assertTrue(s.stderr.contains("the audit's counts go to Micrometer's global registry too"), s.stderr);
    }

    @Test
    void auditModeCountsWhatEnforceWouldHavePrevented() throws Exception {
        world.config("audit", TOOLS);
        Scrape s = scrape(true, "retry|A-1|/refunds/audit", "intentguard_intents_unknown{",
                "intentguard_intents_unknown_oldest_seconds{");
        assertEquals(6, provider.requests("POST", "/refunds/audit").size(), "audit mode changes nothing on the wire: " + s);
        assertEquals(2.0, s.value("intentguard_duplicates_prevented_total", "tool=\"refund_order\"", "layer=\"framework\"",
                "mode=\"audit\""), s.toString());
        assertEquals(3.0, s.value("intentguard_duplicates_prevented_total", "tool=\"refund_order\"", "layer=\"client\"",
                "mode=\"audit\""), "OkHttp's resend in each invocation: " + s);
        assertEquals(-1.0, s.value("intentguard_duplicates_prevented_total", "mode=\"enforce\""), s.toString());
        assertEquals(-1.0, s.value("intentguard_resends_suppressed_total"), "audit mode suppresses nothing: " + s);
        assertEquals(3.0, s.value("intentguard_fanout_count", "tool=\"refund_order\""), "each invocation ran: " + s);
        assertEquals(6.0, s.value("intentguard_fanout_sum", "tool=\"refund_order\""), "and sent two writes: " + s);
    }

    @Test
    void aHostWithoutMicrometerOrOpenTelemetryLoadsNoneOfItAndTheSettingSwitchesItOff() throws Exception {
        world.config("enforce", TOOLS);
        Path classes = dir.resolve("classes.txt");
        ForkedJvm.Result r = ForkedJvm.main(RetryLayersAuditIT.APP, "retry|N-1|/refunds/none")
                .classPath(AuditWorld.retryStack(List.of()))
                .property("provider.url", provider.url()).workDir(dir.resolve("work"))
                .option("-Xlog:class+load=info:file=" + classes).agent("config=" + world.config).run(120);
        assertEquals(0, r.exitCode, r.toString());
        assertEquals(1, provider.requests("POST", "/refunds/none").size(), r.toString());
        String loaded = Files.readString(classes);
        assertTrue(loaded.contains("dev.intentguard.agent.telemetry.micrometer.MicrometerPlugin"), "the plugin is there");
        assertFalse(loaded.contains("MicrometerMeters") || loaded.contains("io.micrometer"), "nothing of Micrometer loaded");
        assertTrue(loaded.contains("dev.intentguard.agent.telemetry.otel.OtelPlugin"), "the plugin is there");
        assertFalse(loaded.contains("OtelMeters") || loaded.contains("io.opentelemetry"), "nothing of OpenTelemetry loaded");
        assertFalse(r.stderr.toLowerCase().contains("micrometer") || r.stderr.toLowerCase().contains("opentelemetry"),
                "nothing printed of either: " + r.stderr);

        world.config("enforce", TOOLS + "audit:\n  micrometer: false\n");
        Scrape off = scrape(true, "retry|O-1|/refunds/off");
        assertEquals(1, provider.requests("POST", "/refunds/off").size(), off.toString());
        assertFalse(off.text.contains("intentguard"), "switched off: " + off);
        assertTrue(off.text.contains("host_started_total 1.0"), off.toString());
    }

    /** Runs the metered host, scrapes it over loopback (until each of {@code awaited} shows) and stops it. */
    private Scrape scrape(boolean agent, String command, String... awaited) throws Exception {
        List<String> cp = AuditWorld.retryStack(MICROMETER);
        Path portFile = dir.resolve("port-" + System.nanoTime());
        ForkedJvm jvm = ForkedJvm.main(APP, command).classPath(cp).property("provider.url", provider.url())
                .property("metrics.port.file", portFile).workDir(dir.resolve("work"));
        ForkedJvm.Running running = (agent ? jvm.agent("config=" + world.config) : jvm).start();
        try {
            while (!Files.exists(portFile) || Files.readString(portFile).isEmpty()) {
                assertTrue(running.process.isAlive(), "the host ended before it served its metrics:\n" + running.stdout()
                        + running.stderr());
                Thread.sleep(50);
            }
            URI base = URI.create("http://127.0.0.1:" + Files.readString(portFile).trim());
            String text = get(base.resolve("/metrics"));
            while (!showsAll(text, awaited)) {
                // the gauges of unknown intents come with the reconciler's round, registered one after the other: a
                // scrape made meanwhile may show either alone (the registry's map is read while it grows)
                Thread.sleep(100);
                text = get(base.resolve("/metrics"));
            }
            try {
                get(base.resolve("/quit"));
            } catch (IOException exiting) {
                // the host exits while it answers
            }
            ForkedJvm.Result r = running.await(30);
            assertEquals(0, r.exitCode, r.toString());
            return new Scrape(text, r.stdout, r.stderr);
        } finally {
            running.process.destroyForcibly();
        }
    }

    private static boolean showsAll(String text, String... awaited) {
        for (String a : awaited) {
            if (!text.contains(a)) {
                return false;
            }
        }
        return true;
    }

    private static String get(URI uri) throws IOException, InterruptedException {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
        return r.body();
    }

    /** A Prometheus scrape and the host's output. */
    static final class Scrape {
        final String text;
        final String stdout;
        final String stderr;

        Scrape(String text, String stdout, String stderr) {
            this.text = text;
            this.stdout = stdout;
            this.stderr = stderr;
        }

        /** The value of the one sample of {@code name} with all {@code labels}; -1 when there is none. */
        double value(String name, String... labels) {
            List<String> lines = text.lines().filter(l -> l.startsWith(name + "{") || l.startsWith(name + " "))
                    .filter(l -> {
                        for (String label : labels) {
                            if (!l.contains(label)) {
                                return false;
                            }
                        }
                        return true;
                    }).collect(Collectors.toList());
            if (lines.isEmpty()) {
                return -1;
            }
            assertEquals(1, lines.size(), "one sample of " + name + " " + List.of(labels) + ":\n" + text);
            String line = lines.get(0);
            return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
        }

        @Override
        public String toString() {
            return "--- scrape\n" + text + "--- stdout\n" + stdout + "--- stderr\n" + stderr;
        }
    }
}
