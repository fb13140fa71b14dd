package dev.intentguard.agent.it;

import dev.intentguard.agent.testkit.AgentFixture;
import dev.intentguard.agent.testkit.ForkedJvm;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Crashes, restarts and several processes on one store: real kill -9, real forked JVMs. */
class RecoveryIT {
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

    private static final String PENDING = "{\"status\":\"pending_unknown\",\"tool\":\"refund_order\",\"message\":\"May have "
            + "gone through; the outcome is being confirmed. Do not retry refund_order; tell the user it is being confirmed.\"}";

    @Test
    void aJvmKilledMidCallLeavesAnUnknownIntentThatIsNeverSentAgain() throws Exception {
        world.provider.delay(60_000);
        ForkedJvm.Running victim = world.host("refund|8812|49.00|EUR|killed mid-call").property("provider.timeout.ms", 120_000).start();
        long waited = 0;
        while (world.provider.posts("/refunds") == 0 && waited < 60_000) {
            Thread.sleep(20);
            waited += 20;
        }
        assertEquals(1, world.provider.posts("/refunds"), "the request reached the provider");
        victim.process.destroyForcibly();                               // SIGKILL on Linux: no shutdown hook runs
        assertTrue(victim.process.waitFor(30, TimeUnit.SECONDS));
        assertEquals(137, victim.process.exitValue(), "killed by SIGKILL");

        world.provider.delay(0);
        ForkedJvm.Result restarted = world.host("refund|8812|49.00|EUR|after the restart", "refund|8812|49.0|EUR|again").run(60);
        assertEquals(List.of(PENDING, PENDING), restarted.lines("RESULT refund "), restarted.toString());
        assertEquals(1, world.provider.posts("/refunds"), "0 new requests after the restart");
        assertEquals(List.of("0"), restarted.lines("BODY_RUNS "));
        assertTrue(restarted.stderr.contains("ended while the call was in flight: outcome unknown"), restarted.stderr);
    }

    @Test
    void twoJvmsOfEightThreadsOverTwoHundredIntentsPostEachIntentOnce() throws Exception {
        Path go = dir.resolve("go");
        ForkedJvm.Running a = world.host("await-file|" + go, "storm|8|200|order-").start();
        ForkedJvm.Running b = world.host("await-file|" + go, "storm|8|200|order-").start();
        Thread.sleep(1500);                                             // both JVMs up and waiting (not a timing assertion)
        Files.createFile(go);
        ForkedJvm.Result ra = a.await(300);
        ForkedJvm.Result rb = b.await(300);
        assertEquals(0, ra.exitCode, ra.toString());
        assertEquals(0, rb.exitCode, rb.toString());

        Map<String, Long> perOrder = world.provider.requests("POST", "/refunds").stream()
                .map(r -> r.body.replaceAll(".*\"order\":\"([^\"]+)\".*", "$1"))
                .collect(Collectors.groupingBy(o -> o, TreeMap::new, Collectors.counting()));
        assertEquals(200, perOrder.size(), "every intent was sent");
        assertTrue(perOrder.values().stream().allMatch(n -> n == 1), "every intent exactly once: " + perOrder);
        assertEquals(200, world.provider.posts("/refunds"));
        String summary = ra.lines("STORM ").get(0) + " " + rb.lines("STORM ").get(0);
        assertTrue(!summary.contains("thrown") && !summary.contains("in_flight") && !summary.contains("pending_unknown"), summary);
    }
}
