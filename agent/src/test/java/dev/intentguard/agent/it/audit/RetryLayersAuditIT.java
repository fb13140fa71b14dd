package dev.intentguard.agent.it.audit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.intentguard.agent.audit.report.HtmlReport;
import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.HeadlessChromium;
import dev.intentguard.agent.testkit.RawHttpServer;
import dev.intentguard.it.audit.RetryLayersApp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The retry stack of the seed incident, for real: a refund tool under a Resilience4j Retry (3 attempts) calling
 * OkHttp (its own resend on a pooled connection) against a provider that reads each POST and then resets the
 * connection. Without the agent, in {@code mode: audit} (the same requests reach the provider; the report charges each
 * to the layer that made it and its totals equal the provider's count) and in {@code enforce} (one request; the report
 * and JFR list what was prevented, by layer). The HTML report is opened in headless Chromium.
 */
class RetryLayersAuditIT {
    static final String APP = RetryLayersApp.class.getName();
    static final String TOOLS = String.join("\n",
            "http:",
            "  hosts: [127.0.0.1]",
            "tools:",
            "  - name: refund_order",
            "    method: dev.intentguard.it.audit.RetriedRefunds#refund",
            "    effect: side_effect",
            "    key: [orderId]",
            "");
    static final Path OUTPUT = Path.of("target", "audit-report").toAbsolutePath();

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

    private ForkedJvm host(boolean agent, String... script) throws Exception {
        ForkedJvm jvm = ForkedJvm.main(APP, script).classPath(AuditWorld.retryStack(List.of())).property("provider.url", provider.url())
                .workDir(dir.resolve("work"));
        return agent ? jvm.agent("config=" + world.config) : jvm;
    }

    private static ForkedJvm.Result ok(ForkedJvm.Result r) {
        assertEquals(0, r.exitCode, r.toString());
        return r;
    }

    @Test
    void auditModeSendsWhatTheStackSendsAndTheReportChargesEachRequestToItsLayer() throws Exception {
        ForkedJvm.Result plain = ok(host(false, "retry|A-1|/refunds/plain").run(120));
        int withoutAgent = provider.requests("POST", "/refunds/plain").size();
        assertEquals(List.of("3"), plain.lines("INVOCATIONS "), plain.toString());
        assertEquals(6, withoutAgent, "3 Resilience4j attempts x (POST on the pooled connection + OkHttp's resend): "
                + provider.requests());

        world.config("audit", TOOLS);
        ForkedJvm.Result r = ok(host(true, "retry|A-1|/refunds/audit").run(120));
        int withAgent = provider.requests("POST", "/refunds/audit").size();
        assertEquals(withoutAgent, withAgent, "audit mode changes nothing on the wire:\n" + r);
        assertEquals(List.of("3"), r.lines("INVOCATIONS "), r.toString());
        assertEquals(1, r.lines("THROWN retry ").size(), r.toString());
        assertEquals(plain.lines("THROWN retry ").get(0).split(":")[0], r.lines("THROWN retry ").get(0).split(":")[0],
                "the caller gets what it gets without the agent");
        assertEquals(2, count(r.stderr, "duplicate ran (mode: audit): tool=refund_order key=ig1:refund_order:"), r.stderr);
        assertTrue(r.stderr.contains("layer=framework (resilience4j) count=2: enforce mode would answer pending_unknown"),
                r.stderr);
        assertEquals(3, count(r.stderr, "duplicate request sent: tool=refund_order"), r.stderr);
        assertTrue(r.stderr.contains("layer=client (okhttp) count=1"), r.stderr);

        JsonNode report = world.jsonReport();
        JsonNode tool = only(report.path("tools"));
        assertEquals("refund_order", tool.path("tool").asText());
        assertEquals(3, tool.path("invocations").asInt());
        assertEquals(3, tool.path("runs").asInt());
        assertEquals(1, tool.path("distinct_intents").asInt());
        assertEquals(withAgent, tool.path("wire_attempts").asInt(), "the report's total is the provider's count");
        assertEquals(withAgent, report.path("totals").path("wire_attempts").asInt());
        assertEquals(withAgent, tool.path("fan_out").path("max").asInt());
        assertEquals(withAgent, tool.path("fan_out").path("p99").asInt());
        assertEquals(2, tool.path("repeats").path("framework").asInt(), tool.toString());
        assertEquals(3, tool.path("repeats").path("client").asInt(), "one OkHttp resend per invocation: " + tool);
        assertEquals(0, tool.path("repeats").path("model").asInt() + tool.path("repeats").path("user").asInt()
                + tool.path("repeats").path("unattributed").asInt(), tool.toString());
        assertEquals(2, tool.path("repeats_by_library").path("resilience4j").asInt(), tool.toString());
        assertEquals(3, tool.path("repeats_by_library").path("okhttp").asInt(), tool.toString());
        JsonNode byLayer = tool.path("fan_out_by_layer");
        assertEquals(1, byLayer.path("original").asInt(), byLayer.toString());
        assertEquals(2, byLayer.path("framework").asInt(), byLayer.toString());
        assertEquals(3, byLayer.path("client").asInt(), byLayer.toString());
        assertEquals(0, tool.path("prevented_total").asInt(), "audit prevents nothing");
        assertEquals(2, tool.path("would_prevent").path("framework").asInt(), "enforce would answer the 2 Resilience4j repeats");
        assertEquals(1, tool.path("unknown").asInt(), "the store holds the intent as pending_unknown");
        assertEquals(3, tool.path("suppressed").asInt() + tool.path("resends").asInt());

        JsonNode worst = only(report.path("worst_intents"));
        assertEquals(withAgent, worst.path("fan_out").asInt());
        assertEquals("pending_unknown", worst.path("status").asText());
        List<String> timeline = new ArrayList<>();
        for (JsonNode e : worst.path("timeline")) {
            timeline.add(e.path("kind").asText() + ":" + e.path("layer").asText()
                    + (e.path("kind").asText().equals("attempt") ? ":" + e.path("outcome").asText() : ""));
        }
        assertEquals(List.of(
                "call:original", "attempt:original:no_response", "attempt:client:no_response",
                "call:framework", "attempt:framework:no_response", "attempt:client:no_response",
                "call:framework", "attempt:framework:no_response", "attempt:client:no_response"), timeline);

        String text = world.cli("report", "--store", world.store.toString(), "--since", "1h").stdout;
        assertTrue(text.contains("repeats by layer:   model 0, framework 2, client 3, user 0, unattributed 0"), text);
        assertTrue(text.contains("write requests sent " + withAgent), text);

        Path html = OUTPUT.resolve("retry-layers-audit.html");
        world.cli("report", "--store", world.store.toString(), "--format", "html", "--out", html.toString());
        assertHtmlDrawn(html, OUTPUT.resolve("retry-layers-audit.png"));
    }

    @Test
    void enforceModeSendsOneRequestAndTheReportAndJfrListWhatWasPreventedByLayer() throws Exception {
        world.config("enforce", TOOLS);
        Path recording = dir.resolve("enforce.jfr");
        ForkedJvm.Result r = ok(host(true, "retry|E-1|/refunds/enforce")
                .option("-XX:StartFlightRecording=filename=" + recording + ",dumponexit=true").run(120));
        assertEquals(1, provider.requests("POST", "/refunds/enforce").size(), "one request reaches the provider:\n" + r);
        assertEquals(List.of("3"), r.lines("INVOCATIONS "), "Resilience4j still retried the tool: " + r);
        assertTrue(r.lines("THROWN retry ").get(0).startsWith("dev.intentguard.api.OutcomeUnknownException"), r.toString());
        assertTrue(r.stderr.contains("duplicate request caught: tool=refund_order key=ig1:refund_order:"), r.stderr);
        assertTrue(r.stderr.contains("layer=client (okhttp) count=1: the resend was not sent"), r.stderr);
        assertTrue(r.stderr.contains("layer=framework (resilience4j) count=1: answered pending_unknown, the body did not run"),
                r.stderr);
        assertTrue(r.stderr.contains("layer=framework (resilience4j) count=2: answered pending_unknown, the body did not run"),
                r.stderr);

        JsonNode tool = only(world.jsonReport().path("tools"));
        assertEquals(3, tool.path("invocations").asInt());
        assertEquals(1, tool.path("runs").asInt());
        assertEquals(1, tool.path("wire_attempts").asInt(), "the report's total is the provider's count");
        assertEquals(2, tool.path("prevented").path("framework").asInt(), tool.toString());
        assertEquals(1, tool.path("prevented").path("client").asInt(), tool.toString());
        assertEquals(3, tool.path("prevented_total").asInt(), tool.toString());
        assertEquals(1, tool.path("suppressed").asInt(), tool.toString());
        assertEquals(3, tool.path("answers").path("pending_unknown").asInt(), "the first call ran and was answered "
                + "pending_unknown, its repeats were answered the same without running: " + tool);

        String prevented = AuditWorld.jfr(recording, "intentguard.DuplicatePrevented");
        assertEquals(3, count(prevented, "intentguard.DuplicatePrevented {"), prevented);
        assertEquals(2, count(prevented, "layer = \"framework\""), prevented);
        assertEquals(2, count(prevented, "library = \"resilience4j\""), prevented);
        assertEquals(2, count(prevented, "answer = \"pending_unknown\""), prevented);
        assertEquals(1, count(prevented, "layer = \"client\""), prevented);
        assertEquals(1, count(prevented, "library = \"okhttp\""), prevented);
        assertEquals(1, count(prevented, "answer = \"suppressed\""), prevented);
        assertEquals(3, count(prevented, "tool = \"refund_order\""), prevented);
        assertTrue(prevented.contains("io.github.resilience4j.retry.Retry.lambda$decorateCheckedSupplier"),
                "the stack trace shows who retried: " + prevented);

        String calls = AuditWorld.jfr(recording, "intentguard.ToolCall");
        assertEquals(3, count(calls, "intentguard.ToolCall {"), calls);
        assertEquals(1, count(calls, "ran = true"), calls);
        assertEquals(2, count(calls, "prevented = true"), calls);
        String wire = AuditWorld.jfr(recording, "intentguard.WireAttempt");
        assertEquals(2, count(wire, "intentguard.WireAttempt {"), wire);
        assertEquals(1, count(wire, "outcome = \"no_response\""), wire);
        assertEquals(1, count(wire, "outcome = \"suppressed\""), wire);
        assertTrue(wire.contains("request = \"POST 127.0.0.1:" + provider.port() + " /refunds/enforce\""), wire);

        Path html = OUTPUT.resolve("retry-layers-enforce.html");
        world.cli("report", "--store", world.store.toString(), "--format", "html", "--out", html.toString());
        assertHtmlDrawn(html, OUTPUT.resolve("retry-layers-enforce.png"));
    }

    /** The check itself can fail: a page with a script error is caught, from the console and from the DOM. */
    @Test
    void theBrowserCheckSeesAScriptError() throws Exception {
        String missing = HeadlessChromium.missing();
        assertNull(missing, missing);
        String page = HtmlReport.render(AuditWorld.JSON.readTree(
                "{\"generated_at\":\"x\",\"journal\":\"j\",\"journal_files\":0,\"store\":\"s\",\"store_state\":\"read\","
                        + "\"since\":null,\"modes\":[],\"layers\":[],\"journal_dropped\":0,\"totals\":{\"fan_out\":{}},"
                        + "\"tools\":[],\"worst_intents\":null}"));
        Path html = dir.resolve("broken.html");
        Files.writeString(html, page);
        HeadlessChromium.Page p = HeadlessChromium.open(html, null, dir.resolve("chromium"));
        assertTrue(p.console.stream().anyMatch(l -> l.startsWith("Uncaught TypeError")), p.console + "\n" + p.log);
        assertTrue(HeadlessChromium.rootAttribute(p.dom, "data-errors") != null, p.dom);
        assertNull(HeadlessChromium.rootAttribute(p.dom, "data-chart"), "the chart was not drawn");
    }

    private void assertHtmlDrawn(Path html, Path screenshot) throws Exception {
        String missing = HeadlessChromium.missing();
        assertNull(missing, missing);
        String page = Files.readString(html);
        assertTrue(!page.contains("http://") && !page.contains("https://") || onlySvgNamespace(page),
                "self-contained: no URL but the SVG namespace");
        HeadlessChromium.Page p = HeadlessChromium.open(html, screenshot, dir.resolve("chromium"));
        assertEquals(1, p.console.size(), "no console message but the page's own: " + p.console + "\n" + p.log);
        assertTrue(p.console.get(0).startsWith("intentguard report drawn: "), p.console.toString());
        assertNull(HeadlessChromium.rootAttribute(p.dom, "data-errors"), p.dom);
        assertEquals("drawn", HeadlessChromium.rootAttribute(p.dom, "data-chart"), p.dom);
        assertTrue(Integer.parseInt(HeadlessChromium.rootAttribute(p.dom, "data-bars")) >= 3, p.dom);
        assertTrue(HeadlessChromium.count(p.dom, "class=\"bar\"") >= 3, "bars in the DOM");
        assertTrue(HeadlessChromium.count(p.dom, "class=\"attempt\"") >= 1, "the timeline is drawn");
        assertTrue(Files.size(screenshot) > 10_000, "a screenshot with content: " + screenshot);
    }

    private static boolean onlySvgNamespace(String page) {
        Matcher m = Pattern.compile("https?://[^\\s'\"<)]+").matcher(page);
        while (m.find()) {
            if (!m.group().equals("http://www.w3.org/2000/svg")) {
                return false;
            }
        }
        return true;
    }

    static JsonNode only(JsonNode array) {
        assertEquals(1, array.size(), array.toString());
        return array.get(0);
    }

    static int count(String text, String needle) {
        return HeadlessChromium.count(text, needle);
    }
}
