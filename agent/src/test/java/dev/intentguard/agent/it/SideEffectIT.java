package dev.intentguard.agent.it;

import dev.intentguard.agent.testkit.AgentFixture;
import dev.intentguard.agent.testkit.ForkedJvm;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The side-effect state machine, end to end: forked JVMs with -javaagent, a provider on loopback. */
class SideEffectIT {
    @TempDir
    Path dir;
    AgentFixture world;

    @BeforeEach
    void setUp() throws Exception {
        world = new AgentFixture(dir).config(AgentFixture.standardTools());
    }

    @AfterEach
    void tearDown() {
        world.close();
    }

    private static String alreadyDone(String tool, String firstId) {
        return "{\"status\":\"already_done\",\"tool\":\"" + tool + "\",\"result\":{\"id\":\"" + firstId
                + "\",\"path\":\"/refunds\"},\"message\":\"Completed earlier. Tell the user it went through. Do not call "
                + tool + " again for this intent.\"}";
    }

    @Test
    void theSameIntentRunsOnceAndRepeatsGetTheFirstResult() throws Exception {
        ForkedJvm.Result r = world.host(
                "refund|8812|49.00|EUR|customer asked for a refund",
                "refund|8812|49.0|EUR|tool timed out, retrying",
                "refund|8812|49.00|EUR|did my refund go through?",
                "refund|8812|50.00|EUR|a different amount is a different intent").run(60);

        assertEquals(0, r.exitCode, r.toString());
        List<String> results = r.lines("RESULT refund ");
        assertEquals(4, results.size(), r.toString());
        assertEquals("{\"id\":\"re_1\",\"path\":\"/refunds\"}", results.get(0));
        assertEquals(alreadyDone("refund_order", "re_1"), results.get(1));
        assertEquals(alreadyDone("refund_order", "re_1"), results.get(2));
        assertEquals("{\"id\":\"re_2\",\"path\":\"/refunds\"}", results.get(3));
        assertEquals(2, world.provider.posts("/refunds"));
        assertEquals(List.of("2"), r.lines("BODY_RUNS "));
        assertTrue(r.stderr.contains("intentguard.intent - intent tool=refund_order key=ig1:refund_order:"), r.stderr);
        assertTrue(!r.stderr.contains("8812"), "the intent log must not carry argument values:\n" + r.stderr);
    }

    @Test
    void thirtyTwoThreadsAtOnceMakeOnePost() throws Exception {
        world.provider.delay(300);
        ForkedJvm.Result r = world.host("parallel|32|refund|8812|49.00|EUR|concurrent").run(60);

        assertEquals(0, r.exitCode, r.toString());
        assertEquals(1, world.provider.posts("/refunds"), r.toString());
        List<String> results = r.lines("RESULT refund ");
        assertEquals(32, results.size(), r.toString());
        assertEquals(1, results.stream().filter(l -> l.equals("{\"id\":\"re_1\",\"path\":\"/refunds\"}")).count(), r.toString());
        assertEquals(31, results.stream().filter(l -> l.equals(alreadyDone("refund_order", "re_1"))).count(), r.toString());
    }

    @Test
    void aSecondJvmOnTheSameStoreReplaysWithoutPosting() throws Exception {
        ForkedJvm.Result first = world.host("refund|8812|49.00|EUR|first JVM").run(60);
        assertEquals("{\"id\":\"re_1\",\"path\":\"/refunds\"}", first.lines("RESULT refund ").get(0), first.toString());

        ForkedJvm.Result second = world.host("refund|8812|49.00|EUR|second JVM").run(60);
        assertEquals(List.of(alreadyDone("refund_order", "re_1")), second.lines("RESULT refund "), second.toString());
        assertEquals(1, world.provider.posts("/refunds"));
        assertEquals(List.of("0"), second.lines("BODY_RUNS "));
    }

    @Test
    void aTimeoutIsPendingUnknownAndIsNeverSentAgain() throws Exception {
        world.provider.delay(2500);
        String pending = "{\"status\":\"pending_unknown\",\"tool\":\"refund_order\",\"message\":\"May have gone through; "
                + "the outcome is being confirmed. Do not retry refund_order; tell the user it is being confirmed.\"}";
        ForkedJvm.Result r = world.host("refund|8812|49.00|EUR|slow provider", "refund|8812|49.00|EUR|retry")
                .property("provider.timeout.ms", 500).run(60);
        assertEquals(List.of(pending, pending), r.lines("RESULT refund "), r.toString());

        ForkedJvm.Result later = world.host("refund|8812|49.00|EUR|did it go through?")
                .property("provider.timeout.ms", 500).run(60);
        assertEquals(List.of(pending), later.lines("RESULT refund "), later.toString());
        assertEquals(1, world.provider.posts("/refunds"));
        assertEquals(List.of("0"), later.lines("BODY_RUNS "));

        ForkedJvm.Result typed = world.host("typed|8813|49.00", "typed|8813|49.00").property("provider.timeout.ms", 500).run(60);
        assertEquals(List.of(
                "dev.intentguard.api.OutcomeUnknownException: pending_unknown: May have gone through; the outcome is being "
                        + "confirmed. Do not retry refund_typed; tell the user it is being confirmed.",
                "dev.intentguard.api.OutcomeUnknownException: pending_unknown: May have gone through; the outcome is being "
                        + "confirmed. Do not retry refund_typed; tell the user it is being confirmed."),
                typed.lines("THROWN typed "), typed.toString());
        assertEquals(2, world.provider.posts("/refunds"));
    }

    @Test
    void freeTextIsLeftOutButOtherDetailsMakeAConflict() throws Exception {
        ForkedJvm.Result r = world.host(
                "refund|8812|49.00|EUR|the customer is upset",
                "refund|8812|49.00|EUR|Customer requested refund for order 8812 (reworded by the model)",
                "refund|8812|49.00|USD|same order and amount, other currency").run(60);

        List<String> results = r.lines("RESULT refund ");
        assertEquals(alreadyDone("refund_order", "re_1"), results.get(1), r.toString());
        assertEquals("{\"status\":\"rejected\",\"tool\":\"refund_order\",\"message\":\"These details conflict with an "
                + "earlier refund_order call for the same intent, so it did not run. Do not retry; ask the user to confirm "
                + "the details.\"}", results.get(2));
        assertEquals(1, world.provider.posts("/refunds"));
    }

    @Test
    void typedVoidAndPrimitiveToolsGetTheirFirstResultBack() throws Exception {
        ForkedJvm.Result r = world.host("typed|A1|10.00", "typed|A1|10.00", "cancel|A1", "cancel|A1",
                "charge|cus_1|4900", "charge|cus_1|4900", "map|M1|5", "map|M1|5").run(60);

        assertEquals(List.of("Refund[id=re_1, amount=10.00]", "Refund[id=re_1, amount=10.00]"), r.lines("RESULT typed "),
                r.toString());
        assertEquals(List.of("(void)", "(void)"), r.lines("RESULT cancel "));
        assertEquals(List.of("4900", "4900"), r.lines("RESULT charge "));
        List<String> maps = r.lines("RESULT map ");
        assertEquals("{provider={\"id\":\"re_4\",\"path\":\"/refunds\"}}", maps.get(0), r.toString());
        assertTrue(maps.get(1).startsWith("{status=already_done, tool=refund_map, result={provider={\"id\":\"re_4\""),
                maps.get(1));
        assertEquals(2, world.provider.posts("/refunds"));
        assertEquals(1, world.provider.posts("/cancellations"));
        assertEquals(1, world.provider.posts("/charges"));
        assertEquals(List.of("4"), r.lines("BODY_RUNS "));
    }

    @Test
    void aDefiniteFailureRethrowsAndTheNextCallMayRunAgain() throws Exception {
        world.provider.status(400);
        ForkedJvm.Result r = world.host("refund|8812|49.00|EUR|bad request", "refund|8812|49.00|EUR|fixed",
                "later|", "later|").run(60);
        assertEquals(List.of(
                "dev.intentguard.it.app.Provider$ProviderException: provider answered HTTP 400",
                "dev.intentguard.it.app.Provider$ProviderException: provider answered HTTP 400"), r.lines("THROWN refund "),
                r.toString());
        assertEquals(2, world.provider.posts("/refunds"), "a FAILED intent may be tried again");
        assertEquals(List.of("java.lang.IllegalArgumentException: orderId is required",
                "java.lang.IllegalArgumentException: orderId is required"), r.lines("THROWN later "));
        assertEquals(List.of("4"), r.lines("BODY_RUNS "));
    }

    @Test
    void aServerErrorIsUnknown() throws Exception {
        world.provider.status(503);
        ForkedJvm.Result r = world.host("refund|8812|49.00|EUR|x", "refund|8812|49.00|EUR|y").run(60);
        assertEquals(2, r.lines("RESULT refund {\"status\":\"pending_unknown\"").size(), r.toString());
        assertEquals(1, world.provider.posts("/refunds"));
    }

    @Test
    void theKillSwitchAnswersDisabledWithoutRunning() throws Exception {
        world.config(AgentFixture.standardTools().replace("    exclude: [reason]\n", "    exclude: [reason]\n    enabled: false\n")
                + "  - name: refund_typed_off\n    method: dev.intentguard.it.app.SupportTools#refundLater\n    effect: side_effect\n");
        world.config(AgentFixture.standardTools().replace("    exclude: [reason]\n", "    exclude: [reason]\n    enabled: false\n")
                .replace("  - name: refund_typed\n    method: dev.intentguard.it.app.SupportTools#refundTyped\n    effect: side_effect\n",
                        "  - name: refund_typed\n    method: dev.intentguard.it.app.SupportTools#refundTyped\n    effect: side_effect\n    enabled: false\n"));
        ForkedJvm.Result r = world.host("refund|8812|49.00|EUR|x", "typed|A1|10").run(60);
        assertEquals(List.of("{\"status\":\"disabled\",\"tool\":\"refund_order\",\"message\":\"refund_order is switched off "
                + "right now and did not run. Do not retry; tell the user it is unavailable for now.\"}"), r.lines("RESULT refund "));
        assertEquals(List.of("dev.intentguard.api.ToolDisabledException: disabled: refund_typed is switched off right now "
                + "and did not run. Do not retry; tell the user it is unavailable for now."), r.lines("THROWN typed "));
        assertEquals(0, world.provider.requests().size());
        assertEquals(List.of("0"), r.lines("BODY_RUNS "));
    }

    @Test
    void annotatedToolsNeedNoConfig() throws Exception {
        world.config("");
        ForkedJvm.Result r = world.host(
                "email|ana@example.com|Your refund|Hi Ana, your refund of 49.00 is on its way.",
                "email|ana@example.com|Your refund|Hello Ana! (the model rewrote the body)",
                "ticket|T-1|solved", "ticket|T-1|solved",
                "order|8812", "order|8812").run(60);
        List<String> emails = r.lines("RESULT email ");
        assertTrue(emails.get(1).startsWith("{\"status\":\"already_done\",\"tool\":\"send_email\""), r.toString());
        assertEquals(1, world.provider.posts("/emails"));
        assertEquals(2, world.provider.posts("/tickets/T-1"), "idempotent tools run every time");
        assertEquals(List.of("5"), r.lines("BODY_RUNS "), "1 email, 2 tickets, 2 reads");
    }

    @Test
    void aMethodNamedOnAnInterfaceCoversItsImplementations() throws Exception {
        ForkedJvm.Result r = world.host("pay|INV-1|20", "pay|INV-1|20", "audited-pay|INV-2|20", "audited-pay|INV-2|20").run(60);
        List<String> pays = r.lines("RESULT pay ");
        assertEquals("{\"id\":\"re_1\",\"path\":\"/payments\"}", pays.get(0), r.toString());
        assertTrue(pays.get(1).startsWith("{\"status\":\"already_done\",\"tool\":\"pay\""), pays.get(1));
        List<String> audited = r.lines("RESULT audited-pay ");
        assertEquals("audited {\"id\":\"re_2\",\"path\":\"/payments\"}", audited.get(0), r.toString());
        assertTrue(audited.get(1).startsWith("{\"status\":\"already_done\",\"tool\":\"pay\""), audited.get(1));
        assertEquals(2, world.provider.posts("/payments"), "an override calling super is one call, not a duplicate");
    }

    @Test
    void whenTheKeyCannotBeComputedTheHostDoesNotNotice() throws Exception {
        ForkedJvm.Result r = world.host("unkeyable|U1", "unkeyable|U1").run(60);
        assertEquals(0, r.exitCode, r.toString());
        assertEquals(2, r.lines("RESULT unkeyable {\"id\"").size(), "the calls went ahead, unguarded (fail-open)");
        assertTrue(r.stderr.contains("ERROR intentguard - cannot compute the intent key of refund_unkeyable"), r.stderr);
    }

    @Test
    void withoutTheAgentEveryCallPosts() throws Exception {
        ForkedJvm.Result r = world.hostWithoutAgent("refund|8812|49.00|EUR|a", "refund|8812|49.00|EUR|b",
                "refund|8812|49.00|EUR|c").run(60);
        assertEquals(0, r.exitCode, r.toString());
        assertEquals(3, world.provider.posts("/refunds"), "the baseline: this is the bug the agent prevents");
    }
}
