package dev.intentguard.agent.it.retry;

import dev.intentguard.agent.testkit.LibraryJars;
import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.RawHttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;

import static dev.intentguard.agent.it.retry.RetryWorld.PENDING;
import static dev.intentguard.agent.it.retry.RetryWorld.assertAllCarryTheIntentKey;
import static dev.intentguard.agent.it.retry.RetryWorld.assertStartsWith;
import static dev.intentguard.agent.it.retry.RetryWorld.keys;
import static dev.intentguard.agent.it.retry.RetryWorld.logLines;
import static dev.intentguard.agent.it.retry.RetryWorld.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Resilience4j 2.4.0 {@code Retry} (3 attempts) in both places a service puts it, with a provider call that
 * times out: inside the tool around the call (the agent stops the retry once the outcome is unknown) and around
 * the tool (each retry is answered from the intent map). One request with the agent, three without.
 */
public class Resilience4jIT {
    static final String APP = "dev.intentguard.it.retry.Resilience4jTools";
    public static final List<String> LIBS = LibraryJars.of("io.github.resilience4j:resilience4j-retry:2.4.0");
    static final String TOOLS = "tools:\n"
            + "  - name: r4j_refund_in_body\n    method: dev.intentguard.it.retry.Resilience4jTools#refundInBody\n    effect: side_effect\n"
            + "  - name: r4j_refund_typed\n    method: dev.intentguard.it.retry.Resilience4jTools#refundTyped\n    effect: side_effect\n"
            + "  - name: r4j_refund_async\n    method: dev.intentguard.it.retry.Resilience4jTools#refundAsync\n    effect: side_effect\n";

    @TempDir
    Path dir;
    RetryWorld world;

    @BeforeEach
    void setUp() throws Exception {
        world = new RetryWorld(dir).config("  hosts: [127.0.0.1]\n  client-retries: suppress", TOOLS);
    }

    @AfterEach
    void tearDown() {
        world.close();
    }

    @Test
    void aRetryInsideTheToolStopsOnceTheOutcomeIsUnknown() throws Exception {
        ForkedJvm.Result r = run(world.host(APP, LIBS, "inbody|B1|/slow/agent", "inbody|B1|/slow/agent", "plain|P1|/slow/outside"));
        List<String> results = r.lines("RESULT inbody ");
        assertEquals(2, results.size(), r.toString());
        assertStartsWith(PENDING, results.get(0), r);
        assertStartsWith(PENDING, results.get(1), r);
        List<RawHttpServer.Request> agent = world.requests("POST", "/slow/agent");
        assertEquals(1, agent.size(), "Resilience4j's next attempts do not send: " + agent + "\n" + r);
        assertAllCarryTheIntentKey(agent, r, "r4j_refund_in_body");
        assertEquals(1, logLines(r, "stopped a retry by resilience4j in r4j_refund_in_body (a retry after SocketTimeoutException "
                + "when the outcome is unknown"), r.stderr);
        assertEquals(3, world.requests("POST", "/slow/outside").size(), "outside a tool Resilience4j retries as configured");
        assertEquals(1, r.lines("THROWN plain java.net.SocketTimeoutException").size(), r.toString());

        ForkedJvm.Result without = run(world.hostWithoutAgent(APP, LIBS, "inbody|B1|/slow/plain"));
        assertEquals(1, without.lines("THROWN inbody java.net.SocketTimeoutException").size(), without.toString());
        List<RawHttpServer.Request> plain = world.requests("POST", "/slow/plain");
        assertEquals(3, plain.size(), "without the agent: three refunds sent " + plain);
        assertEquals(Collections.nCopies(3, null), keys(plain));
    }

    @Test
    void anAsynchronousRetryInsideTheToolStopsOnceTheOutcomeIsUnknown() throws Exception {
        ForkedJvm.Result without = run(world.hostWithoutAgent(APP, LIBS, "async|C1|/slow/plain-async"));
        assertEquals(3, world.requests("POST", "/slow/plain-async").size(), "without the agent: three refunds\n" + without);

        ForkedJvm.Result r = run(world.host(APP, LIBS, "async|C1|/slow/async"));
        assertStartsWith(PENDING, r.lines("RESULT async ").get(0), r);
        List<RawHttpServer.Request> agent = world.requests("POST", "/slow/async");
        assertEquals(1, agent.size(), "executeCompletionStage's next attempts do not send: " + agent + "\n" + r);
        assertAllCarryTheIntentKey(agent, r, "r4j_refund_async");
        assertEquals(1, logLines(r, "stopped a retry by resilience4j in r4j_refund_async (a retry after"), "decided on the "
                + "pool thread that completed the attempt, which the tool's scope reaches\n" + r.stderr);
        assertTrue(!r.stderr.contains("suppressed a resend"), "the retry ended before the HTTP guard had to refuse a send\n"
                + r.stderr);
    }

    @Test
    void aRetryAroundTheToolIsAnsweredFromTheIntentMap() throws Exception {
        ForkedJvm.Result r = run(world.host(APP, LIBS, "around|A1|/slow/around"));
        assertEquals(List.of("invocations=3 thrown=dev.intentguard.api.OutcomeUnknownException"), r.lines("RESULT around "),
                "Resilience4j retries the agent's OutcomeUnknownException; the retries do not run the body:\n" + r);
        List<RawHttpServer.Request> agent = world.requests("POST", "/slow/around");
        assertEquals(1, agent.size(), agent + "\n" + r);
        assertAllCarryTheIntentKey(agent, r, "r4j_refund_typed");
        assertEquals(2, logLines(r, "pending_unknown tool=r4j_refund_typed", "(body not run)"), "two answers from the map:\n" + r.stderr);
        assertEquals(2, logLines(r, "resilience4j calls r4j_refund_typed again after the agent answered pending_unknown"), r.stderr);

        ForkedJvm.Result without = run(world.hostWithoutAgent(APP, LIBS, "around|A1|/slow/plain"));
        assertEquals(List.of("invocations=3 thrown=java.net.SocketTimeoutException"), without.lines("RESULT around "), without.toString());
        assertEquals(3, world.requests("POST", "/slow/plain").size(), "without the agent every retry sends");
    }

    @Test
    void afterADefiniteFailureTheRetryGoesAheadWithTheSameKey() throws Exception {
        ForkedJvm.Result r = run(world.host(APP, LIBS, "inbody|D1|/reject-once/agent"));
        assertEquals(1, r.lines("RESULT inbody {\"id\"").size(), r.toString());
        List<RawHttpServer.Request> agent = world.requests("POST", "/reject-once/agent");
        assertEquals(2, agent.size(), "a 400 proves nothing happened: Resilience4j tries again " + agent + "\n" + r);
        assertAllCarryTheIntentKey(agent, r, "r4j_refund_in_body");
        assertTrue(!r.stderr.contains("stopped a retry"), r.stderr);
    }
}
