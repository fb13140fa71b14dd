package dev.intentguard.agent.it.retry;

import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.RawHttpServer;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.intentguard.agent.it.retry.RetryWorld.PENDING;
import static dev.intentguard.agent.it.retry.RetryWorld.assertAllCarryTheIntentKey;
import static dev.intentguard.agent.it.retry.RetryWorld.assertStartsWith;
import static dev.intentguard.agent.it.retry.RetryWorld.logLines;
import static dev.intentguard.agent.it.retry.RetryWorld.run;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The Azure SDK's {@code RetryPolicy} (azure-core, over its Netty transport) inside side_effect tools, sync
 * ({@code sendSync}) and reactive ({@code send().block()}), against a provider that answers 500 after processing: 3
 * refunds without the agent, 1 with it, carrying the intent key, and the tools end {@code pending_unknown}. The host
 * app is compiled here against the version under test ({@link AzureIT}: the newest azure-core the plugin supports,
 * {@link AzureOldestIT}: the oldest).
 */
abstract class AzureScenarios extends CompiledHostScenarios {
    static final String APP = "dev.intentguard.it.retry.AzureTools";
    static final String TOOLS = "tools:\n"
            + "  - name: azure_refund\n    method: " + APP + "#refundSync\n    effect: side_effect\n"
            + "  - name: azure_refund_async\n    method: " + APP + "#refundAsync\n    effect: side_effect\n";

    AzureScenarios() {
        super(APP, TOOLS, null);
    }

    /** azure-core and azure-core-http-netty at the version under test. */
    abstract List<String> lib();

    @Test
    void aServerErrorIsNotRetriedInsideAToolButIsOutsideIt() throws Exception {
        ForkedJvm.Result without = run(world.hostWithoutAgent(APP, classPath, "sync|A1|/err500/plain-sync",
                "async|A2|/err500/plain-async"));
        assertEquals(1, without.lines("RESULT sync {\"id\"").size(), without.toString());
        assertEquals(3, world.requests("POST", "/err500/plain-sync").size(), "without the agent: two 500s, then the refund");
        assertEquals(3, world.requests("POST", "/err500/plain-async").size(), without.toString());

        ForkedJvm.Result r = run(world.host(APP, classPath, "sync|A1|/err500/sync", "async|A2|/err500/async",
                "plain|A3|/err500/outside"));
        assertStartsWith(PENDING, r.lines("RESULT sync ").get(0), r);
        assertStartsWith(PENDING, r.lines("RESULT async ").get(0), r);
        for (String[] tool : new String[][] {{"/err500/sync", "azure_refund"}, {"/err500/async", "azure_refund_async"}}) {
            List<RawHttpServer.Request> sent = world.requests("POST", tool[0]);
            assertEquals(1, sent.size(), tool[1] + ": the policy's retries are not made " + sent + "\n" + r);
            assertAllCarryTheIntentKey(sent, r, tool[1]);
            assertEquals(1, logLines(r, "suppressed a resend by azure-core in " + tool[1] + " (RetryPolicy retry after HTTP 500)"),
                    r.stderr);
            assertEquals(List.of("azure-core"), world.journalStopped(tool[1]), "the journal attributes the stopped retry");
        }
        assertEquals(3, world.requests("POST", "/err500/outside").size(), "outside a tool the policy retries as configured");
        assertEquals(1, r.lines("RESULT plain {\"id\"").size(), r.toString());
    }
}
