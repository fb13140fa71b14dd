package dev.intentguard.agent.it.store;

import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.SharedBackend;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link SharedStoreScenarios} on Redis (127.0.0.1:6379, a key prefix of the test's own), and a Redis that restarts. */
class RedisStoreIT extends SharedStoreScenarios {
    @Override
    SharedBackend backend() {
        return SharedBackend.redis();
    }

    /** A redis-server of the test's own on a free port, keeping nothing on disk: a restart loses everything. */
    private static Process redisServer(int port, Path dir, String... more) throws Exception {
        Files.createDirectories(dir);
        java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of("redis-server", "--port",
                String.valueOf(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir.toString()));
        command.addAll(java.util.List.of(more));
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("redis.log").toFile()).start();
        for (int i = 0; i < 500; i++) {
            try (Socket s = new Socket("127.0.0.1", port)) {
                return p;
            } catch (IOException notYet) {
                Thread.sleep(20);
            }
        }
        throw new AssertionError("redis-server did not start on port " + port);
    }

    @Test
    void aRedisThatRestartsWithoutPersistenceIsNoticedAndTheAgentReconnects() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Process redis = redisServer(port, dir.resolve("redis"));
        try {
            world.rawConfig("store:\n  url: redis://127.0.0.1:" + port + "/0\n  namespace: " + backend.namespace
                    + "\n  operation-timeout: 500ms\n" + dev.intentguard.agent.testkit.AgentFixture.standardTools());
            Path go = dir.resolve("go");
            ForkedJvm.Running host = world.host("refund|8812|49.00|EUR|first", "await-file|" + go,
                    "refund|8812|49.00|EUR|did it go through?", "refund|8812|49.00|EUR|and now?").start();
            for (int i = 0; i < 1500 && !host.stdout().contains("RESULT refund"); i++) {
                Thread.sleep(20);
            }
            redis.destroyForcibly().waitFor(10, TimeUnit.SECONDS);      // kill -9: everything it held is gone
            redis = redisServer(port, dir.resolve("redis"));
            Files.createFile(go);
            ForkedJvm.Result r = host.await(60);
            assertTrue(r.lines("RESULT refund ").get(1).startsWith(PENDING), "never read as a new intent\n" + r);
            assertTrue(r.lines("RESULT refund ").get(2).startsWith(PENDING), r.toString());
            assertTrue(r.stderr.contains("LOST ITS DATA"), "said loudly, with the remedy\n" + r.stderr);
            assertEquals(1, world.provider.posts("/refunds"));
        } finally {
            redis.destroyForcibly().waitFor(10, TimeUnit.SECONDS);   // its data goes with it
        }
    }

    /** A Redis that may evict keys could drop a DONE record, and its repeat would run again: it is refused. */
    @Test
    void aRedisThatMayEvictKeysIsRefused() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Process redis = redisServer(port, dir.resolve("redis"), "--maxmemory", "64mb", "--maxmemory-policy", "volatile-lru");
        try {
            world.rawConfig("on-error: fail-closed\nstore:\n  url: redis://127.0.0.1:" + port + "/0\n  namespace: "
                    + backend.namespace + "\n" + dev.intentguard.agent.testkit.AgentFixture.standardTools());
            ForkedJvm.Result r = world.host("refund|8812|49.00|EUR|first").run(60);
            assertTrue(r.lines("RESULT refund ").get(0).startsWith(PENDING), "fail-closed: not a store, nothing runs\n" + r);
            assertTrue(r.stderr.contains("maxmemory-policy volatile-lru") && r.stderr.contains("Set maxmemory-policy noeviction"),
                    r.stderr);
            assertEquals(0, world.provider.posts("/refunds"));
        } finally {
            redis.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
