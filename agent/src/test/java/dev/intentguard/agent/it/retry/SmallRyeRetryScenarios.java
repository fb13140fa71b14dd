package dev.intentguard.agent.it.retry;

import dev.intentguard.agent.testkit.CompiledInTest;
import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.RawHttpServer;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.intentguard.agent.it.retry.RetryWorld.PENDING;
import static dev.intentguard.agent.it.retry.RetryWorld.assertAllCarryTheIntentKey;
import static dev.intentguard.agent.it.retry.RetryWorld.assertStartsWith;
import static dev.intentguard.agent.it.retry.RetryWorld.keys;
import static dev.intentguard.agent.it.retry.RetryWorld.logLines;
import static dev.intentguard.agent.it.retry.RetryWorld.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * SmallRye Fault Tolerance's retry (the {@code Retry} strategy behind MicroProfile's {@code @Retry}; 2 retries) inside a
 * side_effect tool, around a provider call slower than the read timeout: 3 POSTs without the agent, 1 with it, and the
 * tool ends {@code pending_unknown}; after a definite refusal (400) the retry goes ahead with the same key. Run through
 * SmallRye's programmatic {@code Guard} and through MicroProfile's {@code @Retry} on a CDI bean (SmallRye's CDI
 * extension in Weld SE). The host apps are compiled here against the version under test ({@link SmallRyeRetryIT}: 6.11.2, the Future-based loop of
 * 6.10+; {@link SmallRyeRetryOldestIT}: 6.9.0, the first on SmallRye's Future).
 */
abstract class SmallRyeRetryScenarios extends CompiledHostScenarios {
    static final String APP = "dev.intentguard.it.retry.SmallRyeRetryTools";
    static final String TOOL = "smallrye_refund";
    static final String MP_APP = "dev.intentguard.it.retry.MicroProfileRetryTools";
    static final String MP_TOOL = "mp_refund";
    static final String TOOLS = "tools:\n  - name: " + TOOL + "\n    method: " + APP + "#refundWithRetry\n    effect: side_effect\n"
            + "  - name: " + MP_TOOL + "\n    method: " + MP_APP + "#refundWithRetry\n    effect: side_effect\n";

    SmallRyeRetryScenarios() {
        super(APP, TOOLS, null);
    }

    /** smallrye-fault-tolerance-standalone at the version under test. */
    abstract List<String> lib();

    /** SmallRye Fault Tolerance's CDI extension at the version under test, with Weld SE and SmallRye Config. */
    abstract List<String> cdiLib();

    @Test
    void theRetryInsideTheToolStopsOnceTheOutcomeIsUnknownAndGoesAfterARefusal() throws Exception {
        ForkedJvm.Result without = run(world.hostWithoutAgent(APP, classPath, "tool|S1|/slow/plain"));
        assertEquals(3, world.requests("POST", "/slow/plain").size(), "without the agent: three refunds\n" + without);

        ForkedJvm.Result r = run(world.host(APP, classPath, "tool|S1|/slow/tool", "tool|S2|/reject-once/tool",
                "plain|S3|/slow/outside"));
        List<String> results = r.lines("RESULT tool ");
        assertStartsWith(PENDING, results.get(0), r);
        List<RawHttpServer.Request> sent = world.requests("POST", "/slow/tool");
        assertEquals(1, sent.size(), "the retries are not made: " + sent + "\n" + r);
        assertAllCarryTheIntentKey(sent, r, TOOL);
        assertEquals(1, logLines(r, "stopped a retry by smallrye-fault-tolerance in " + TOOL + " (a retry after"), r.stderr);
        assertEquals(List.of("smallrye-fault-tolerance"), world.journalStopped(TOOL), "the journal attributes the stopped retry");
        assertFalse(r.stderr.contains("suppressed a resend"), "the retry ended before the HTTP guard had to refuse a "
                + "send\n" + r.stderr);

        assertEquals(1, r.lines("RESULT tool {\"id\"").size(), r.toString());
        List<RawHttpServer.Request> refused = world.requests("POST", "/reject-once/tool");
        assertEquals(2, refused.size(), "a 400 proves nothing happened: the retry goes " + refused + "\n" + r);
        List<String> refusedKeys = keys(refused);
        assertEquals(refusedKeys.get(0), refusedKeys.get(1), "the retry carries the same key");
        assertTrue(refusedKeys.get(0).startsWith("ig1:" + TOOL + ":"), refusedKeys.toString());
        assertEquals(3, world.requests("POST", "/slow/outside").size(), "outside a tool the retry is as configured");
    }

    @Test
    void microProfileRetryOnACdiBeanStopsOnceTheOutcomeIsUnknown() throws Exception {
        List<String> cp = CompiledInTest.hostClassPath(MP_APP, cdiLib());
        ForkedJvm.Result without = run(world.hostWithoutAgent(MP_APP, cp, "tool|M1|/slow/mp-plain"));
        assertEquals(3, world.requests("POST", "/slow/mp-plain").size(), "without the agent: three refunds\n" + without);

        ForkedJvm.Result r = run(world.host(MP_APP, cp, "tool|M1|/slow/mp-tool", "plain|M2|/slow/mp-outside"));
        assertStartsWith(PENDING, r.lines("RESULT tool ").get(0), r);
        List<RawHttpServer.Request> sent = world.requests("POST", "/slow/mp-tool");
        assertEquals(1, sent.size(), "@Retry's retries are not made: " + sent + "\n" + r);
        assertAllCarryTheIntentKey(sent, r, MP_TOOL);
        assertEquals(List.of("smallrye-fault-tolerance"), world.journalStopped(MP_TOOL), r.stderr);
        assertEquals(3, world.requests("POST", "/slow/mp-outside").size(), "outside a tool @Retry is as configured");
    }
}
