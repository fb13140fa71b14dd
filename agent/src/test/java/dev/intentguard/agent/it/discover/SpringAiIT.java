package dev.intentguard.agent.it.discover;

import com.fasterxml.jackson.databind.JsonNode;
import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.LibraryJars;
import dev.intentguard.it.discover.SaiApp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Spring AI ChatClient (2.0.1, its ToolCallingAdvisor and DefaultToolCallingManager) whose {@code @Tool} methods no {@code method:} entry names: the agent finds them
 * ({@code discover.spring-ai}), passes the tool-call id and conversation id to the audit, and tells the model in the tool
 * description that a repeat is safe. A scripted chat model calls refund_order, gets an unclear result, calls it again;
 * later, in another conversation, the user asks whether the refund went through and the model calls it a third time.
 */
class SpringAiIT {
    static final String APP = SaiApp.class.getName();
    static final String DISCOVER = "discover:\n  spring-ai: true\n  default-effect: side_effect\n";
    static final String TOOLS = String.join("\n",
            "tools:",
            "  - name: refund_order",
            "    key: [orderId]",
            "    check: findRefund",
            "  - name: get_order",
            "    effect: read",
            "");
    static final String SENTENCE = "Safe to call once per orderId. Repeated calls return the original result.";

    @TempDir
    Path dir;
    DiscoverWorld world;

    @BeforeEach
    void setUp() throws Exception {
        world = new DiscoverWorld(dir).config(DISCOVER, TOOLS);
    }

    @AfterEach
    void tearDown() {
        world.close();
    }

    private static List<String> libs() throws Exception {
        // Jackson 3 aligned as a Spring Boot build aligns it (nearest-wins would pick jackson-core 3.0.3 under databind 3.1.5).
        return LibraryJars.of("org.springframework.ai:spring-ai-client-chat:2.0.1", "tools.jackson.core:jackson-core:3.1.5");
    }

    @Test
    void withoutTheAgentEveryToolCallRefundsAgain() throws Exception {
        ForkedJvm.Result r = world.jvm(APP, libs(), false, "chat", "nowait").run(90);
        assertEquals(0, r.exitCode, r.toString());
        assertEquals(3, world.payments.posts("/refunds"), r.toString());
        assertEquals(3, r.lines("RESULT ").size(), r.toString());
        assertFalse(r.stdout.contains("Safe to call once"), r.toString());
    }

    @Test
    void aDiscoveredToolRunsOnceAndTheModelSeesPendingUnknownThenAlreadyDone() throws Exception {
        ForkedJvm.Result r = world.chat(world.jvm(APP, libs(), true, "chat"), "reconciled tool=refund_order");
        assertEquals(1, world.payments.posts("/refunds"), r.toString());

        List<String> results = r.lines("RESULT ");
        assertEquals(3, results.size(), r.toString());
        assertTrue(results.get(0).startsWith("call-1 {\"status\":\"pending_unknown\""), r.toString());
        assertTrue(results.get(1).startsWith("call-2 {\"status\":\"pending_unknown\""), r.toString());
        assertTrue(results.get(2).startsWith("call-3 {\"status\":\"already_done\""), r.toString());
        assertTrue(results.get(2).contains("re_1"), "the reconciled result is the provider's refund: " + r);

        // What the model received as tool descriptions: the side-effect tool's carries the sentence, the read one not.
        List<String> tools = r.lines("TOOLS ");
        assertTrue(tools.contains("refund_order|Refunds an amount of an order to the customer's card. " + SENTENCE), r.toString());
        assertTrue(tools.contains("get_order|Looks up an order."), r.toString());
        assertTrue(tools.contains("refund_receipt|Refunds an order and returns the receipt. Safe to call once per orderId and "
                + "amountCents. Repeated calls return the original result."), "unlisted: all arguments are the key: " + r);

        // The audit: the repeat in the same conversation is the model's, the one in another conversation the user's.
        List<JsonNode> calls = world.journalCalls();
        assertEquals(List.of("original", "model", "user"), DiscoverWorld.layers(calls), calls.toString());
        JsonNode tool = world.reportedTool("refund_order");
        assertEquals(1, tool.path("repeats").path("model").asInt(), tool.toString());
        assertEquals(1, tool.path("repeats").path("user").asInt(), tool.toString());
    }

    @Test
    void aTypedToolAnswersWithTheStatusExceptionWhoseMessageTheModelReads() throws Exception {
        ForkedJvm.Result r = world.jvm(APP, libs(), true, "typed").run(90);
        assertEquals(0, r.exitCode, r.toString());
        assertEquals(1, world.payments.posts("/refunds"), r.toString());
        List<String> results = r.lines("RESULT ");
        assertEquals(2, results.size(), r.toString());
        assertTrue(results.get(0).startsWith("call-1 pending_unknown: May have gone through"), r.toString());
        assertTrue(results.get(1).startsWith("call-2 pending_unknown: May have gone through"), r.toString());
        assertTrue(results.get(1).contains("Do not retry refund_receipt"), r.toString());
    }

    @Test
    void describeFalseLeavesTheDescriptionsAlone() throws Exception {
        world.config(DISCOVER + "  describe: false\n", TOOLS);
        ForkedJvm.Result r = world.jvm(APP, libs(), true, "describe").run(90);
        assertEquals(0, r.exitCode, r.toString());
        assertTrue(r.stderr.contains(" started in "), "the agent runs: " + r);
        List<String> tools = r.lines("TOOLS ");
        assertTrue(tools.contains("refund_order|Refunds an amount of an order to the customer's card."), r.toString());
        assertFalse(r.stdout.contains("Safe to call once"), r.toString());
    }

    @Test
    void discoveryOffLeavesUnlistedToolsUnguarded() throws Exception {
        world.config("discover:\n  spring-ai: false\n", "");
        ForkedJvm.Result r = world.jvm(APP, libs(), true, "chat", "nowait").run(90);
        assertEquals(0, r.exitCode, r.toString());
        assertTrue(r.stderr.contains(" started in "), "the agent runs: " + r);
        assertEquals(3, world.payments.posts("/refunds"), r.toString());
        assertFalse(r.stdout.contains("Safe to call once"), r.toString());
    }
}
