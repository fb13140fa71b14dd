package dev.intentguard.agent.it.http;

import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.RawHttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The classes of plugins that act only inside guarded calls are left as they load during the application's start and
 * woven later by retransformation (docs/architecture.md, "Weaving"). Here the JDK's HttpClient loads outside any tool
 * while the application starts; the tool call after it must still send its request with the intent key, whether the
 * start settled first or the call itself asked for the weaving.
 */
class DeferredWeavingIT {
    private static final String OUTSIDE = "raw-jdk|POST|/outside";
    private static final String CHARGE = "jdkCharge|A1|4900";

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

    private List<RawHttpServer.Request> posts(String path) {
        return world.provider.requests("POST", path);
    }

    @Test
    void aClientLoadedDuringTheStartIsWovenWhenTheFirstToolCallAsksAndThatCallSendsItsKey() throws Exception {
        ForkedJvm.Result baseline = world.withoutAgent(OUTSIDE, CHARGE).run(60);
        assertEquals(0, baseline.exitCode, baseline.toString());
        assertNull(posts("/charges").get(0).header("Idempotency-Key"), "without the agent, no key");

        ForkedJvm.Result r = world.host(OUTSIDE, CHARGE).property("intentguard.log.level", "debug").run(60);
        assertEquals(0, r.exitCode, r.toString());
        assertTrue(r.stderr.contains("intentguard goes on because a guarded call asked for it"), "the call asked for the weaving: " + r.stderr);
        String key = HttpWorld.keys(r, "jdk_charge").get(0);
        assertEquals(2, posts("/charges").size(), r.toString());
        assertEquals(key, posts("/charges").get(1).header("Idempotency-Key"), "the client loaded before the call is woven");
        assertNull(posts("/outside").get(1).header("Idempotency-Key"), "outside a tool a request is left alone");
    }

    @Test
    void aClientLoadedDuringTheStartIsWovenOnceTheStartSettles() throws Exception {
        ForkedJvm.Result r = world.host(OUTSIDE, "sleep|2000", CHARGE, OUTSIDE).property("intentguard.log.level", "debug")
                .run(60);
        assertEquals(0, r.exitCode, r.toString());
        assertTrue(r.stderr.contains("intentguard goes on because the application's start settled"), "the start settled: " + r.stderr);
        String key = HttpWorld.keys(r, "jdk_charge").get(0);
        assertEquals(List.of(key), List.of(posts("/charges").get(0).header("Idempotency-Key")), r.toString());
        assertNull(posts("/outside").get(0).header("Idempotency-Key"), "before: outside a tool");
        assertNull(posts("/outside").get(1).header("Idempotency-Key"), "after: still outside a tool");
    }
}
