package dev.intentguard.agent.it.retry;

import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.RawHttpServer;
import dev.intentguard.it.retry.FeignTools;
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
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * OpenFeign with its default {@code Retryer} (5 attempts) and transport (HttpURLConnection) inside a side_effect
 * tool, against a provider slower than the read timeout: 5 POSTs without the agent, 1 with it (the retry/openfeign
 * plugin ends Feign's loop once the outcome is unknown). Run on the oldest and the newest supported version
 * ({@link OpenFeignOldestIT}: 10.12, {@link OpenFeignIT}: 13.13; the Retryer's code moved to {@code DefaultRetryer} in
 * 13.x).
 */
abstract class OpenFeignScenarios {
    static final String APP = FeignTools.class.getName();
    static final String TOOLS = "tools:\n"
            + "  - name: feign_refund\n    method: dev.intentguard.it.retry.FeignTools#refund\n    effect: side_effect\n";

    @TempDir
    Path dir;
    RetryWorld world;

    /** The jars of the Feign version under test. */
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
    void feignsRetryerStopsOnceTheOutcomeIsUnknown() throws Exception {
        ForkedJvm.Result without = run(world.hostWithoutAgent(APP, lib(), "tool|F1|/slow/plain"));
        assertEquals(5, world.requests("POST", "/slow/plain").size(), "without the agent: five refunds sent\n" + without);
        assertTrue(without.lines("THROWN tool feign.RetryableException").size() == 1, without.toString());

        ForkedJvm.Result r = run(world.host(APP, lib(), "tool|F1|/slow/agent", "plain|P1|/slow/outside"));
        List<RawHttpServer.Request> posts = world.requests("POST", "/slow/agent");
        assertEquals(1, posts.size(), "Feign's next attempts are not made: " + posts + "\n" + r);
        assertAllCarryTheIntentKey(posts, r, "feign_refund");
        assertStartsWith(PENDING, r.lines("RESULT tool ").get(0), r);
        assertEquals(1, logLines(r, "stopped a retry by openfeign in feign_refund (a retry after"), r.stderr);
        assertFalse(r.stderr.contains("suppressed a resend"), "the loop ended in Feign, before the HTTP guard had to refuse "
                + "a send\n" + r.stderr);
        assertEquals(5, world.requests("POST", "/slow/outside").size(), "outside a tool Feign retries as configured");
    }

    @Test
    void afterARateLimitFeignRetriesWithTheSameKey() throws Exception {
        ForkedJvm.Result r = run(world.host(APP, lib(), "tool|L1|/ratelimited/agent"));
        List<RawHttpServer.Request> posts = world.requests("POST", "/ratelimited/agent");
        assertEquals(2, posts.size(), "a 429 proves nothing was processed: Feign tries again " + posts + "\n" + r);
        assertAllCarryTheIntentKey(posts, r, "feign_refund");
        assertEquals(1, r.lines("RESULT tool ").size(), r.toString());
        assertFalse(r.lines("RESULT tool ").get(0).startsWith("{\"status\""), "the second attempt's answer\n" + r);
        assertFalse(r.stderr.contains("stopped a retry"), r.stderr);
    }

    @Test
    void switchedOffByNameTheHttpGuardStillSendsTheUnknownWriteOnce() throws Exception {
        world.config("  hosts: [127.0.0.1]\n  client-retries: suppress", "plugins:\n  openfeign: off\n" + TOOLS);
        ForkedJvm.Result r = run(world.host(APP, lib(), "tool|N1|/slow/off"));
        assertEquals(1, world.requests("POST", "/slow/off").size(), r.toString());
        assertStartsWith(PENDING, r.lines("RESULT tool ").get(0), r);
        assertEquals(0, logLines(r, "stopped a retry by openfeign"), r.stderr);
        assertTrue(logLines(r, "suppressed a resend in feign_refund") >= 1, "the HTTP guard's last line refused Feign's "
                + "next sends\n" + r.stderr);
    }
}
