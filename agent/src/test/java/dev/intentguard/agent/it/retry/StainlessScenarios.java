package dev.intentguard.agent.it.retry;

import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.RawHttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

import static dev.intentguard.agent.it.retry.RetryWorld.PENDING;
import static dev.intentguard.agent.it.retry.RetryWorld.assertAllCarryTheIntentKey;
import static dev.intentguard.agent.it.retry.RetryWorld.assertStartsWith;
import static dev.intentguard.agent.it.retry.RetryWorld.keys;
import static dev.intentguard.agent.it.retry.RetryWorld.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Stainless SDK (openai-java, anthropic-java) with its defaults inside a side_effect tool, against a provider
 * on loopback that logs every request: the SDK's own retry loop ({@code maxRetries} 2: three requests) is
 * stopped inside the tool, and left alone outside it; with {@code same-key} its retries go ahead, each with
 * the intent key. Each claim is compared with the same script without the agent.
 */
abstract class StainlessScenarios {
    static final String SUPPRESS = "  hosts: [127.0.0.1]\n  client-retries: suppress";

    @TempDir
    Path dir;
    RetryWorld world;

    /** The host application's main class. */
    abstract String app();

    /** The jars of the library version under test ({@link dev.intentguard.agent.testkit.LibraryJars}). */
    abstract List<String> lib();

    /** The tool's name in the config (and its method). */
    abstract String tool();

    abstract String toolMethod();

    /** The library name the agent records stopped retries under. */
    abstract String library();

    /** The path the SDK appends to its base URL. */
    abstract String endpoint();

    /** A 200 body the SDK parses. */
    abstract String okBody();

    String tools() {
        return "tools:\n  - name: " + tool() + "\n    method: " + toolMethod() + "\n    effect: side_effect\n";
    }

    @BeforeEach
    void setUp() throws Exception {
        world = new RetryWorld(dir).okBody(okBody()).config(SUPPRESS, tools());
    }

    @AfterEach
    void tearDown() {
        world.close();
    }

    private ForkedJvm.Result withAgent(String... script) throws Exception {
        return run(world.host(app(), lib(), script));
    }

    private ForkedJvm.Result withoutAgent(String... script) throws Exception {
        return run(world.hostWithoutAgent(app(), lib(), script));
    }

    private List<RawHttpServer.Request> posts(String base) {
        return world.requests("POST", base + endpoint());
    }

    private static List<String> retryCounts(List<RawHttpServer.Request> requests) {
        return requests.stream().map(r -> r.header("x-stainless-retry-count")).collect(Collectors.toList());
    }

    @Test
    void aServerErrorIsSentOnceInsideAToolAndRetriedOutsideIt() throws Exception {
        ForkedJvm.Result r = withAgent("tool|E1|/err500/agent", "plain|E2|/err500/outside");
        List<String> results = r.lines("RESULT tool ");
        assertEquals(1, results.size(), r.toString());
        assertStartsWith(PENDING, results.get(0), r);
        List<RawHttpServer.Request> agent = posts("/err500/agent");
        assertEquals(1, agent.size(), "the SDK's retries are stopped inside the tool: " + agent + "\n" + r);
        assertAllCarryTheIntentKey(agent, r, tool());
        assertTrue(r.stderr.contains("suppressed a resend by " + library() + " in " + tool()
                + " (RetryingHttpClient retry after HTTP 500)"), r.stderr);
        assertTrue(r.stderr.contains("answered HTTP 500"), "judged from the wire:\n" + r.stderr);

        assertEquals(1, r.lines("RESULT plain {\"id\"").size(), "outside a tool the SDK retries until the 200:\n" + r);
        List<RawHttpServer.Request> outside = posts("/err500/outside");
        assertEquals(3, outside.size(), outside.toString());
        assertEquals(Collections.nCopies(3, null), keys(outside), "no key outside a tool");

        ForkedJvm.Result without = withoutAgent("tool|E1|/err500/plain");
        assertEquals(1, without.lines("RESULT tool {\"id\"").size(), without.toString());
        List<RawHttpServer.Request> plain = posts("/err500/plain");
        assertEquals(3, plain.size(), "without the agent the SDK sends it three times: " + plain);
        assertEquals(List.of("0", "1", "2"), retryCounts(plain));
        assertEquals(Collections.nCopies(3, null), keys(plain), "and with no Idempotency-Key at all");
    }

    @Test
    void aResponseLatePastTheTimeoutIsOneRequestPendingUnknownAndNeverSentAgain() throws Exception {
        ForkedJvm.Result r = withAgent("tool|T1|/slow/agent", "tool|T1|/slow/agent");
        List<String> results = r.lines("RESULT tool ");
        assertEquals(2, results.size(), r.toString());
        assertStartsWith(PENDING, results.get(0), r);
        assertStartsWith(PENDING, results.get(1), r);
        List<RawHttpServer.Request> agent = posts("/slow/agent");
        assertEquals(1, agent.size(), "one request, and none for the second call: " + agent + "\n" + r);
        assertAllCarryTheIntentKey(agent, r, tool());
        assertTrue(r.stderr.contains("suppressed a resend by " + library() + " in " + tool() + " (RetryingHttpClient retry after "),
                r.stderr);
        assertTrue(r.stderr.contains("was sent and got no response"), "judged from the wire:\n" + r.stderr);

        ForkedJvm.Result without = withoutAgent("tool|T1|/slow/plain");
        assertEquals(1, without.lines("THROWN tool ").size(), without.toString());
        List<RawHttpServer.Request> plain = posts("/slow/plain");
        assertEquals(3, plain.size(), "without the agent the SDK sends the timed-out request three times: " + plain);
        assertEquals(List.of("0", "1", "2"), retryCounts(plain));
    }

    @Test
    void sameKeyModeLetsTheSdkRetryWithTheIdenticalIntentKey() throws Exception {
        world.config("  hosts: [127.0.0.1]\n  client-retries: same-key", tools());
        ForkedJvm.Result r = withAgent("tool|S1|/err500/same");
        assertEquals(1, r.lines("RESULT tool {\"id\"").size(), r.toString());
        List<RawHttpServer.Request> same = posts("/err500/same");
        assertEquals(3, same.size(), same.toString());
        assertAllCarryTheIntentKey(same, r, tool());
        assertEquals(List.of("0", "1", "2"), retryCounts(same), "the SDK's own retries, each with the same key");
        assertTrue(!r.stderr.contains("suppressed a resend"), r.stderr);
    }
}
