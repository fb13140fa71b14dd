package dev.intentguard.agent.it.discover;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.intentguard.agent.audit.report.JournalReader;
import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.LoopbackServer;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the agent-framework tests share: a loopback payments provider that takes longer than the tools' read timeout
 * and whose lookup does not see a refund until the test says so, a config with a fast reconciler, the scripted chat
 * run (with the pause in which the reconciler settles the unknown refund), the journal and the JSON report.
 */
final class DiscoverWorld implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();

    final Path dir;
    final Path config;
    final Path store;
    final LoopbackServer payments;

    DiscoverWorld(Path dir) throws IOException {
        this.dir = dir;
        this.config = dir.resolve("intentguard.yaml");
        this.store = dir.resolve("store").resolve("intents.dat");
        this.payments = new LoopbackServer().delay(2_000).lookupsVisible(false);
    }

    DiscoverWorld config(String discover, String tools) throws IOException {
        Files.writeString(config, "mode: enforce\nstore:\n  path: " + store + "\n  in-flight-wait: 10s\n"
                + "reconcile:\n  interval: 200ms\n  min-age: 0s\n  escalate-after: 1h\n" + discover + tools, StandardCharsets.UTF_8);
        return this;
    }

    ForkedJvm jvm(String app, List<String> libs, boolean withAgent, String... args) {
        ForkedJvm jvm = ForkedJvm.main(app, args).classPath(ForkedJvm.testClasses()).classPath(libs)
                .property("payments.url", payments.url()).workDir(dir.resolve(withAgent ? "work" : "work-plain"));
        return withAgent ? jvm.agent("config=" + config) : jvm;
    }

    /**
     * Runs the two-turn chat: after turn 1 the program waits; the provider's lookup then finds the refund, the
     * reconciler's check settles the intent (its log line), and turn 2 runs.
     */
    ForkedJvm.Result chat(ForkedJvm jvm, String reconciledLine) throws Exception {
        ForkedJvm.Running running = jvm.start();
        long deadline = System.currentTimeMillis() + 60_000;
        while (!running.stdout().contains("WAITING")) {
            assertTrue(running.process.isAlive(), "ended before turn 2:\n" + running.stdout() + "\n" + running.stderr());
            assertTrue(System.currentTimeMillis() < deadline, "turn 1 did not end:\n" + running.stdout() + "\n" + running.stderr());
            Thread.sleep(50);
        }
        payments.lookupsVisible(true);
        while (!running.stderr().contains(reconciledLine)) {
            assertTrue(System.currentTimeMillis() < deadline, "not reconciled:\n" + running.stdout() + "\n" + running.stderr());
            Thread.sleep(50);
        }
        try (OutputStream in = running.process.getOutputStream()) {
            in.write("go\n".getBytes(StandardCharsets.UTF_8));
        }
        ForkedJvm.Result r = running.await(90);
        assertEquals(0, r.exitCode, r.toString());
        return r;
    }

    /** The calls in the journal, in time order across processes, as the report reads them ({@link JournalReader}). */
    List<JsonNode> journalCalls() throws IOException {
        return JournalReader.read(store.resolveSibling("intents.dat.journal"), 0).calls;
    }

    static List<String> layers(List<JsonNode> calls) {
        List<String> out = new ArrayList<>();
        for (JsonNode c : calls) {
            out.add(c.path("layer").asText("original"));
        }
        return out;
    }

    /** {@code java -jar intentguard-agent.jar report --format json}: the one tool's entry. */
    JsonNode reportedTool(String name) throws Exception {
        Path out = dir.resolve("report.json");
        ForkedJvm.Result r = ForkedJvm.main("-jar", ForkedJvm.agentJar().toString(), "report", "--store", store.toString(),
                "--format", "json", "--out", out.toString()).workDir(dir.resolve("cli")).run(90);
        assertEquals(0, r.exitCode, r.toString());
        for (JsonNode t : JSON.readTree(Files.readString(out)).path("tools")) {
            if (t.path("name").asText().equals(name) || t.path("tool").asText().equals(name)) {
                return t;
            }
        }
        throw new AssertionError("no tool " + name + " in the report: " + Files.readString(out));
    }

    @Override
    public void close() {
        payments.close();
    }
}
