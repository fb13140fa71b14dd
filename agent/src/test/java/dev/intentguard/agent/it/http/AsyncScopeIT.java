package dev.intentguard.agent.it.http;

import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.RawHttpServer;
import dev.intentguard.agent.testkit.RawHttpServer.Behavior;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Work a tool starts on other threads (CompletableFuture, executors, ForkJoinPool) runs in the tool's scope: its
 * requests carry the tool's key, and a side_effect tool's resends stay suppressed there.
 */
class AsyncScopeIT {
    @TempDir
    Path dir;
    HttpWorld world;

    @BeforeEach
    void setUp() throws Exception {
        world = new HttpWorld(dir);
    }

    @AfterEach
    void tearDown() {
        world.close();
    }

    private static List<String> keysOf(List<RawHttpServer.Request> requests) {
        return requests.stream().map(r -> r.header("Idempotency-Key")).collect(Collectors.toList());
    }

    @Test
    void requestsMadeFromSupplyAsyncAndAsyncStagesCarryTheKey() throws Exception {
        ForkedJvm.Result r = world.host("jdkChargeOnPool|P1|100", "hucRefundOnPool|P2|100", "jdkChargeThenReceipt|P3|100")
                .run(60);

        assertEquals(0, r.exitCode, r.toString());
        String onPool = HttpWorld.keys(r, "jdk_charge_on_pool").get(0);
        String twoStep = HttpWorld.keys(r, "jdk_charge_then_receipt").get(0);
        assertEquals(List.of(onPool, twoStep), keysOf(world.provider.requests("POST", "/charges")), r.toString());
        assertEquals(List.of(HttpWorld.keys(r, "huc_refund_on_pool").get(0)), keysOf(world.provider.requests("POST", "/refunds")));
        assertEquals(List.of(twoStep + ":2"), keysOf(world.provider.requests("POST", "/receipts")),
                "sent from a thenComposeAsync stage when the charge answered: the call's second write, key :2");
    }

    @Test
    void tasksSubmittedToExecutorsRunInTheToolsScope() throws Exception {
        ForkedJvm.Result r = world.host("executorRefund|E1|100", "pool-seen|", "executeRefund|E2|100",
                "forkJoinCharge|E3|100", "scheduledCharge|E4|100", "raw-huc|POST|/outside").run(60);

        assertEquals(0, r.exitCode, r.toString());
        assertEquals(List.of(HttpWorld.keys(r, "executor_refund").get(0), HttpWorld.keys(r, "execute_refund").get(0)),
                keysOf(world.provider.requests("POST", "/refunds")), r.toString());
        assertEquals(List.of(HttpWorld.keys(r, "fork_join_charge").get(0), HttpWorld.keys(r, "scheduled_charge").get(0)),
                keysOf(world.provider.requests("POST", "/charges")), r.toString());
        assertEquals(List.of("the submitted Future"), r.lines("RESULT pool-seen "),
                "a submitted task is tagged, not wrapped: afterExecute still gets the application's Future");
        assertNull(world.provider.requests("POST", "/outside").get(0).header("Idempotency-Key"),
                "the pool's threads do not keep the scope after the task");
    }

    @Test
    void aResendOnAPoolThreadIsSuppressedToo() throws Exception {
        world.provider.always(Behavior.resetAfterBody());
        ForkedJvm.Result r = world.host("hucRefundOnPool|P2|100").run(60);

        assertEquals(1, world.provider.requests("POST", "/refunds").size(), r.toString());
        assertEquals(1, HttpWorld.suppressed(r), r.stderr);
        assertTrue(r.lines("RESULT hucRefundOnPool ").get(0).startsWith(HttpWorld.PENDING), r.toString());
    }
}
