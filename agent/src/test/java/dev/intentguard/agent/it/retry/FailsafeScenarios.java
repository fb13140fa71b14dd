package dev.intentguard.agent.it.retry;

import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.RawHttpServer;
import dev.intentguard.it.retry.FailsafeTools;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static dev.intentguard.agent.it.retry.RetryWorld.PENDING;
import static dev.intentguard.agent.it.retry.RetryWorld.assertAllCarryTheIntentKey;
import static dev.intentguard.agent.it.retry.RetryWorld.assertStartsWith;
import static dev.intentguard.agent.it.retry.RetryWorld.logLines;
import static dev.intentguard.agent.it.retry.RetryWorld.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * A Failsafe {@code RetryPolicy} (2 retries) inside side_effect tools, sync and async, against a provider slower than
 * the read timeout: 3 POSTs without the agent, 1 with it (the retry/failsafe plugin completes the execution once the
 * outcome is unknown). Run on the oldest and the newest supported version ({@link FailsafeOldestIT}: 3.3.0,
 * {@link FailsafeIT}: 3.3.2).
 */
abstract class FailsafeScenarios {
    static final String APP = FailsafeTools.class.getName();
    static final String TOOLS = "tools:\n"
            + "  - name: fs_sync\n    method: " + APP + "#refund\n    effect: side_effect\n"
            + "  - name: fs_async\n    method: " + APP + "#refundAsync\n    effect: side_effect\n";

    @TempDir
    Path dir;
    RetryWorld world;

    /** The jars of the Failsafe version under test. */
    abstract List<String> lib();

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
        ForkedJvm.Result without = run(world.hostWithoutAgent(APP, lib(), "sync|S1|/slow/plain-sync", "async|A1|/slow/plain-async"));
        assertEquals(3, world.requests("POST", "/slow/plain-sync").size(), "without the agent: three refunds\n" + without);
        assertEquals(3, world.requests("POST", "/slow/plain-async").size(), "without the agent: three refunds\n" + without);

        ForkedJvm.Result r = run(world.host(APP, lib(), "sync|S1|/slow/sync", "async|A1|/slow/async", "plain|P1|/slow/outside"));
        assertStartsWith(PENDING, r.lines("RESULT sync ").get(0), r);
        assertStartsWith(PENDING, r.lines("RESULT async ").get(0), r);
        List<RawHttpServer.Request> sync = world.requests("POST", "/slow/sync");
        assertEquals(1, sync.size(), "Failsafe's retries are not made: " + sync + "\n" + r);
        assertAllCarryTheIntentKey(sync, r, "fs_sync");
        List<RawHttpServer.Request> async = world.requests("POST", "/slow/async");
        assertEquals(1, async.size(), "nor those of an async execution: " + async + "\n" + r);
        assertAllCarryTheIntentKey(async, r, "fs_async");
        assertEquals(1, logLines(r, "stopped a retry by failsafe in fs_sync (a retry after"), r.stderr);
        assertEquals(1, logLines(r, "stopped a retry by failsafe in fs_async (a retry after"), "the async execution's "
                + "retry is decided on a pool thread the tool's scope reaches\n" + r.stderr);
        assertFalse(r.stderr.contains("suppressed a resend"), "the policy ended both executions before the HTTP guard "
                + "had to refuse a send\n" + r.stderr);
        assertEquals(3, world.requests("POST", "/slow/outside").size(), "outside a tool the policy retries as configured");
    }

    @Test
    void afterADefiniteFailureTheRetryGoesAheadWithTheSameKey() throws Exception {
        ForkedJvm.Result r = run(world.host(APP, lib(), "sync|D1|/reject-once/sync"));
        assertEquals(1, r.lines("RESULT sync {\"id\"").size(), r.toString());
        List<RawHttpServer.Request> posts = world.requests("POST", "/reject-once/sync");
        assertEquals(2, posts.size(), "a 400 proves nothing happened: Failsafe tries again " + posts + "\n" + r);
        assertAllCarryTheIntentKey(posts, r, "fs_sync");
        assertFalse(r.stderr.contains("stopped a retry"), r.stderr);
    }
}
