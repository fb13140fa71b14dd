package dev.intentguard.sample;

import com.acme.support.Telemetry;
import com.acme.support.ToolRetryPolicy;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The demo scenario as a test: the support service in two forked JVMs, without and with the real
 * {@code -javaagent} and the shipped {@code intentguard.yaml}, each against its own fake provider.
 *
 * <p>Every count below is deterministic: the provider answers order 8812 after 3 s and the client gives up
 * after 1 s, so every request for 8812 times out unless a thread stalls for seconds; nothing here asserts
 * on how long anything took.
 */
class RefundIncidentIT {
    @TempDir
    static Path dir;
    static ScenarioRun.Layout layout;
    static ScenarioRun.Result without;
    static ScenarioRun.Result with;

    @BeforeAll
    static void runTheIncidentTwice() throws Exception {
        layout = ScenarioRun.Layout.fromSystemProperties();
        ScenarioRun.Pair runs = ScenarioRun.runBoth(layout, Variant.incident(), dir.resolve("incident"), 180);
        without = runs.without();
        with = runs.with();
        assertEquals(0, without.exitCode(), without.toString());
        assertEquals(0, with.exitCode(), with.toString());
    }

    @Test
    void withoutTheAgentTheCustomerIsRefundedSeveralTimes() {
        assertTrue(without.refundsFor("8812") > 1, without.toString());
        assertTrue(without.refundsFor("8813") > 1, "the customer's \"did it go through?\" refunds again:\n" + without);

        // The service's own count of refund calls that went out equals the provider's count of refunds made.
        Layers l = Layers.of(without);
        assertEquals(without.refunds().size(), l.bodyRuns(), without.toString());
        assertEquals(without.refunds().size(), l.providerRequests(), without.toString());

        // How the four layers multiply one intent (order 8812): 2 model-level calls per turn (the call and the
        // model's "retry once"), 2 turns, 3 Resilience4j attempts each.
        assertEquals(12, without.refundsFor("8812"), without.toString());
        assertEquals(2, without.refundsFor("8813"), without.toString());
        assertEquals(2, l.modelRetries(), without.toString());
        assertEquals(8, l.frameworkRetries(), without.toString());
        assertEquals(2, l.userRetries(), without.toString());
        assertEquals(0, l.httpRetries(), "OkHttp does not resend a POST after a read timeout:\n" + without);
        assertEquals(14, l.toolInvocations(), without.toString());
    }

    @Test
    void withTheAgentEachOrderIsRefundedExactlyOnce() {
        assertEquals(1, with.refundsFor("8812"), with.toString());
        assertEquals(1, with.refundsFor("8813"), with.toString());
        assertEquals(2, with.providerLog().size(), with.toString());

        Layers l = Layers.of(with);
        assertEquals(0, l.modelRetries(), "the model was told pending_unknown, not an error, so it did not retry:\n" + with);
        assertEquals(0, l.frameworkRetries(), "a status is a normal return: Resilience4j has nothing to retry:\n" + with);
        assertEquals(2, l.userRetries(), "the customers still ask, and the model still calls the tool:\n" + with);
        assertEquals(4, l.toolInvocations(), with.toString());
        assertEquals(2, l.bodyRuns(), with.toString());
        assertEquals(2, l.answeredWithoutRunning(), with.toString());
        assertEquals(List.of(), Demo.problems(without, with));
    }

    @Test
    void theModelIsToldPendingUnknownAndAlreadyDoneAndAnswersAccordingly() {
        // Ana's refund timed out: pending_unknown, and the check made then (at the client's timeout) found nothing,
        // since the provider lists a slow refund only once it is processed. Her "did it go through?" comes 5.5 s
        // later: the repeat asks the provider again (the check, not the refund) and tells her the truth.
        Telemetry.Conversation ana = conversation(with, "ana");
        assertEquals(List.of("pending_unknown", "done"), Layers.refundStatuses(ana), with.toString());
        assertTrue(toolResults(ana).get(0).contains("Do not retry refund_order; tell the user it is being confirmed."),
                toolResults(ana).toString());
        assertTrue(toolResults(ana).get(1).contains("\"refund_id\":\"re_1\""), toolResults(ana).toString());
        assertEquals("went through (re_1)", Layers.verdict(Layers.lastAnswer(ana)), Layers.lastAnswer(ana));
        assertEquals(2, with.lookupsFor("8812"), "one check when the call timed out, one on the repeat: " + with.lookups());
        assertEquals(0, with.lookupsFor("8813"), "a refund that answered is not checked: " + with.lookups());

        Telemetry.Conversation ben = conversation(with, "ben");
        assertEquals(List.of("done", "already_done"), Layers.refundStatuses(ben), with.toString());
        assertTrue(toolResults(ben).get(1).startsWith("{\"status\":\"already_done\",\"tool\":\"refund_order\",\"result\":"
                + "{\"status\":\"done\",\"refund_id\":\"re_2\""), toolResults(ben).toString());
        assertEquals("went through (re_2)", Layers.verdict(Layers.lastAnswer(ben)), Layers.lastAnswer(ben));

        assertEquals("refunded", with.report().tickets().get("T-1001"), "set when the repeat found the refund done: " + with);
        assertEquals("refunded", with.report().tickets().get("T-1002"), with.toString());
    }

    @Test
    void withoutTheAgentTheModelIsToldErrorsAndTellsTheCustomerItFailed() {
        Telemetry.Conversation ana = conversation(without, "ana");
        assertEquals(List.of("error", "error", "error", "error"), Layers.refundStatuses(ana), without.toString());
        assertEquals("failed", Layers.verdict(Layers.lastAnswer(ana)),
                "told it failed while the provider made " + without.refundsFor("8812") + " refunds: " + Layers.lastAnswer(ana));

        Telemetry.Conversation ben = conversation(without, "ben");
        assertEquals(List.of("done", "done"), Layers.refundStatuses(ben), without.toString());
        assertEquals("went through (re_14)", Layers.verdict(Layers.lastAnswer(ben)), Layers.lastAnswer(ben));
    }

    @Test
    void theAgentLogsOneLinePerGuardedCall() {
        List<String> log = with.intentLog();
        assertTrue(log.stream().anyMatch(l -> l.contains(" started in ")), with.stderr());
        assertEquals(1, log.stream().filter(l -> l.contains("WARN intentguard.intent - pending_unknown tool=refund_order")).count(),
                with.stderr());
        assertEquals(1, log.stream().filter(l -> l.contains("check findRefund found") && l.contains("done on a repeat")).count(),
                with.stderr());
        assertEquals(1, log.stream().filter(l -> l.contains(" done tool=refund_order") && l.endsWith("(body not run)")).count(),
                with.stderr());
        assertEquals(1, log.stream().filter(l -> l.contains("already_done tool=refund_order") && l.endsWith("(body not run)")).count(),
                with.stderr());
        assertTrue(without.agentLog().isEmpty(), without.stderr());
    }

    @Test
    void theShippedConfigMatchesTheApplicationsClasses() throws Exception {
        List<String> command = new ArrayList<>(List.of(layout.javaHome().resolve("bin").resolve("java").toString(), "-jar",
                layout.agentJar().toString(), "check", layout.config().toString(), "--classpath",
                System.getProperty("sample.classes")));
        Process check = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(check.waitFor(120, TimeUnit.SECONDS), output);
        assertEquals(0, check.exitValue(), output);
        for (String tool : List.of("get_order", "set_ticket_status", "refund_order")) {
            assertTrue(output.contains(tool), output);
        }
    }

    /**
     * The seed's own bug: "We already had an idempotency key on every refund. We built it from the tool call
     * ID." The service sends refund_&lt;tool call id&gt;; even a provider that honours keys like Stripe sees each
     * new tool call (the model's retry, the customer's question) as a new refund.
     */
    @Test
    void aKeyMadeFromTheToolCallIdDoesNotStopDuplicatesEvenWhenTheProviderHonoursIt() throws Exception {
        ScenarioRun.Result r = ScenarioRun.run(layout, false, Variant.incident().honouringIdempotencyKey(),
                dir.resolve("honouring-provider"), 180);
        assertEquals(0, r.exitCode(), r.toString());
        long keys8812 = r.providerLog().stream().filter(x -> x.order().equals("8812")).map(FakePaymentsProvider.Received::idempotencyKey)
                .distinct().count();
        assertTrue(r.refundsFor("8812") > 1, r.toString());
        assertEquals(keys8812, r.refundsFor("8812"), "one refund per key, one key per tool call:\n" + r.providerLog());
        assertTrue(r.providerLog().size() > r.refunds().size(),
                "the Resilience4j retries reused their tool call's key, so the provider did not refund them:\n" + r.providerLog());
        assertEquals(2, r.refundsFor("8813"), r.toString());
    }

    /**
     * Retries made inside a tool body (here Resilience4j around the payments call, {@code -Ddemo.retry=payments-call}):
     * the agent stops them once the wire shows the outcome is unknown (the first request for 8812 timed out), so
     * order 8812 gets one request and one refund with the agent (one body run, Resilience4j's two further attempts
     * stopped), and 8813 one as well.
     */
    @Test
    void retriesInsideTheToolBodyDoNotRefundTwice() throws Exception {
        ScenarioRun.Pair runs = ScenarioRun.runBoth(layout, Variant.incident().withRetry(ToolRetryPolicy.Placement.PAYMENTS_CALL),
                dir.resolve("retry-inside-tool"), 180);
        ScenarioRun.Result r = runs.with();
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals(1, r.refundsFor("8812"), r.providerLog().toString());
        assertEquals(1, r.refundsFor("8813"), r.providerLog().toString());
        assertEquals(1, r.providerLog().stream().filter(x -> x.order().equals("8812")).count(),
                "one request for 8812, not three: " + r.providerLog());
        assertTrue(r.stderr().contains("stopped a retry by resilience4j in refund_order"), r.stderr());

        ScenarioRun.Result plain = runs.without();
        assertEquals(0, plain.exitCode(), plain.toString());
        assertTrue(plain.refundsFor("8812") >= 3, "without the agent Resilience4j sends the timed-out refund three times "
                + "per tool call:\n" + plain.providerLog());
        assertEquals(List.of(), Demo.problems(plain, r));
    }

    /**
     * {@code mode: audit} changes nothing ("only records what it would have done"): the run looks exactly like the
     * run without the agent, refunds and what the model was told included.
     */
    @Test
    void theAgentsAuditReportCountsWhatTheServiceCountedAndWhatWasPrevented() throws Exception {
        AuditReport audit = AuditReport.write(layout, dir.resolve("incident").resolve("with-agent"), dir.resolve("report"));
        List<String> block = audit.toolBlock(Layers.TOOL);
        String text = String.join("\n", block);
        Layers l = Layers.of(with);
        assertTrue(block.size() > 3, String.join("\n", audit.textLines()));
        assertTrue(text.contains("invocations " + l.toolInvocations() + " (ran " + l.bodyRuns() + ")"), text);
        assertTrue(text.contains("distinct intents 2"), text);
        assertTrue(text.contains("write requests sent " + with.providerLog().size()), text);
        // The repeats are the customers' "did it go through?" (a new turn of the same conversation): layer user,
        // as the service's own telemetry counts them; none is blamed on the Resilience4j retry around the tool.
        assertTrue(text.contains("repeats by layer:   model 0, framework 0, client 0, user " + l.userRetries()
                + ", unattributed 0"), text);
        assertTrue(text.contains("(total " + l.answeredWithoutRunning() + ")"), text);
        String html = Files.readString(audit.html(), StandardCharsets.UTF_8);
        assertTrue(html.contains("refund_order") && html.startsWith("<!DOCTYPE html>"), html.substring(0, Math.min(200, html.length())));
    }

    @Test
    void auditModeLeavesTheServiceAsItWas() throws Exception {
        Path config = dir.resolve("intentguard-audit.yaml");
        Files.writeString(config, Files.readString(layout.config(), StandardCharsets.UTF_8)
                .replace("\nmode: enforce\n", "\nmode: audit\n"), StandardCharsets.UTF_8);
        ScenarioRun.Layout audit = new ScenarioRun.Layout(layout.agentJar(), config, layout.classPath(), layout.javaHome());
        ScenarioRun.Result r = ScenarioRun.run(audit, true, Variant.incident(), dir.resolve("audit"), 180);
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.stderr().contains("mode audit"), r.stderr());
        assertEquals(without.refundsFor("8812"), r.refundsFor("8812"), r.toString());
        assertEquals(without.refundsFor("8813"), r.refundsFor("8813"), r.toString());
        assertEquals(Layers.refundStatuses(conversation(without, "ana")), Layers.refundStatuses(conversation(r, "ana")), r.toString());

        // What audit mode is for: the report names the layer of every repeat, and its counts are the service's own.
        Layers l = Layers.of(without);
        AuditReport report = AuditReport.write(audit, dir.resolve("audit"), dir.resolve("audit-report"));
        String text = String.join("\n", report.toolBlock(Layers.TOOL));
        assertTrue(text.contains("invocations " + l.toolInvocations() + " (ran " + l.bodyRuns() + ")"), text);
        assertTrue(text.contains("repeats by layer:   model " + l.modelRetries() + ", framework " + l.frameworkRetries()
                + ", client 0, user " + l.userRetries() + ", unattributed 0"), text);
    }

    private static Telemetry.Conversation conversation(ScenarioRun.Result run, String id) {
        return run.report().conversations().stream().filter(c -> c.id().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError("no conversation " + id + " in\n" + run));
    }

    private static List<String> toolResults(Telemetry.Conversation c) {
        return c.messages().stream().filter(m -> "tool".equals(m.type()) && Layers.TOOL.equals(m.toolName()))
                .map(Telemetry.Message::text).toList();
    }
}
