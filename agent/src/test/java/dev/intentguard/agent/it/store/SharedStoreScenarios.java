package dev.intentguard.agent.it.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.intentguard.agent.testkit.AgentFixture;
import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.SharedBackend;
import dev.intentguard.agent.testkit.TcpProxy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two or more JVMs on one shared store behave as one (issue 13), against a real server of this machine, in forked JVMs
 * with the shipped jar. Each run has its own namespace (a Redis key prefix, a PostgreSQL schema), wiped at the end.
 * The subclasses name the server.
 */
abstract class SharedStoreScenarios {
    static final String PENDING = "{\"status\":\"pending_unknown\"";
    static final String ALREADY_DONE = "{\"status\":\"already_done\"";

    @TempDir
    Path dir;
    AgentFixture world;
    SharedBackend backend;

    abstract SharedBackend backend();

    @BeforeEach
    void setUp() throws Exception {
        world = new AgentFixture(dir);
        backend = backend();
        config(backend.url(), "");
    }

    @AfterEach
    void tearDown() throws Exception {
        world.close();
        backend.close();
    }

    /** The standard tools on the shared store at {@code url}, a 3 s lease, then {@code extra} (top-level sections). */
    void config(String url, String extra) throws Exception {
        world.rawConfig("store:\n  url: \"" + url + "\"\n  namespace: " + backend.namespace + "\n  in-flight-wait: 10s\n"
                + "  lease: 3s\n  operation-timeout: 500ms\n" + extra + AgentFixture.standardTools());
    }

    ForkedJvm.Result cli(String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--store");
        all.add(backend.url());
        all.add("--namespace");
        all.add(backend.namespace);
        return world.cli(all.toArray(new String[0]));
    }

    @Test
    void aRepeatOnAnotherJvmAnswersAlreadyDone() throws Exception {
        // Baseline: two JVMs, each with its own store file, stand for two pods without a shared store.
        Path a = dir.resolve("a.yaml");
        Path b = dir.resolve("b.yaml");
        Files.writeString(a, "store:\n  path: " + dir.resolve("pod-a/intents.dat") + "\n" + AgentFixture.standardTools());
        Files.writeString(b, "store:\n  path: " + dir.resolve("pod-b/intents.dat") + "\n" + AgentFixture.standardTools());
        world.host("refund|8812|49.00|EUR|first").agent("config=" + a).run(60);
        ForkedJvm.Result podB = world.host("refund|8812|49.00|EUR|did it go through?").agent("config=" + b).run(60);
        assertEquals(2, world.provider.posts("/refunds"), "baseline: the other pod refunds again\n" + podB);

        ForkedJvm.Result first = world.host("refund|8812|49.00|EUR|first").run(60);
        assertTrue(first.lines("RESULT refund ").get(0).startsWith("{\"id\""), first.toString());
        assertTrue(first.stderr.contains("store " + backend.url()), "the start-up line names the store\n" + first.stderr);
        ForkedJvm.Result repeat = world.host("refund|8812|49.00|EUR|did it go through?").run(60);
        assertTrue(repeat.lines("RESULT refund ").get(0).startsWith(ALREADY_DONE), repeat.toString());
        assertEquals(3, world.provider.posts("/refunds"), "one refund for the two JVMs on the shared store");
        assertTrue(repeat.lines("RESULT refund ").get(0).contains("\"result\":{\"id\":\"re_3\""),
                "the repeat carries the first result\n" + repeat);
    }

    @Test
    void concurrentCallsOfOneIntentOnTwoJvmsRunTheBodyOnce() throws Exception {
        world.provider.delay(1500);
        Path go = dir.resolve("go");
        List<ForkedJvm.Running> jvms = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            jvms.add(world.host("await-file|" + go, "parallel|8|refund|7001|10.00|EUR|storm").workDir(dir.resolve("w" + i)).start());
        }
        Thread.sleep(1500);                                      // both started and waiting
        Files.createFile(go);
        int results = 0;
        int alreadyDone = 0;
        for (ForkedJvm.Running jvm : jvms) {
            ForkedJvm.Result r = jvm.await(90);
            for (String line : r.lines("RESULT refund ")) {
                results += line.startsWith("{\"id\"") ? 1 : 0;
                alreadyDone += line.startsWith(ALREADY_DONE) ? 1 : 0;
            }
            assertEquals(8, r.lines("RESULT refund ").size(), r.toString());
        }
        assertEquals(1, world.provider.posts("/refunds"), "16 calls on 2 JVMs: one refund");
        assertEquals(1, results, "one call ran the body");
        assertEquals(15, alreadyDone, "the others waited for it and answered already_done");
    }

    @Test
    void anOwnerKilledMidCallLeavesTheIntentUnknownOnceItsLeaseRanOutAndNothingIsSentAgain() throws Exception {
        world.provider.delay(60_000);
        ForkedJvm.Running owner = world.host("refund|9001|5.00|EUR|owner").workDir(dir.resolve("owner")).start();
        for (int i = 0; i < 1500 && world.provider.posts("/refunds") == 0; i++) {
            Thread.sleep(20);
        }
        assertEquals(1, world.provider.posts("/refunds"), owner.stderr());
        owner.process.destroyForcibly();                       // kill -9 with the intent in flight
        assertTrue(owner.process.waitFor(30, TimeUnit.SECONDS));

        long start = System.nanoTime();
        ForkedJvm.Result other = world.host("refund|9001|5.00|EUR|did it go through?").workDir(dir.resolve("other")).run(60);
        long waited = (System.nanoTime() - start) / 1_000_000;
        assertTrue(other.lines("RESULT refund ").get(0).startsWith(PENDING), other.toString());
        assertEquals(1, world.provider.posts("/refunds"), "the other JVM sends nothing");
        assertTrue(other.stderr.contains("ended while the call was in flight: outcome unknown"), other.stderr);
        assertTrue(waited < 9000, "answered once the 3 s lease ran out, not after in-flight-wait: " + waited + " ms");

        ForkedJvm.Result listed = cli("intents", "--status", "pending_unknown");
        assertEquals(0, listed.exitCode, listed.toString());
        assertTrue(listed.stdout.contains("refund_order") && listed.stdout.contains("1 intent"), listed.toString());
        String key = listed.stdout.replaceAll("(?s).*(ig1:refund_order:\\S+).*", "$1");
        ForkedJvm.Result resolved = cli("resolve", "--key", key, "--as", "done");
        assertEquals(0, resolved.exitCode, resolved.toString());
        ForkedJvm.Result after = world.host("refund|9001|5.00|EUR|again").run(60);
        assertTrue(after.lines("RESULT refund ").get(0).startsWith(ALREADY_DONE), after.toString());
    }

    /**
     * A paused owner (a GC pause, a frozen VM: here SIGSTOP) loses its lease; the intent is unknown to the others, who
     * send nothing. Woken up, the owner finishes its call and records DONE: the truth, which the next repeat answers.
     */
    @Test
    void aPausedOwnerThatWakesUpAfterItsLeaseRanOutRecordsDoneAndNothingRunsTwice() throws Exception {
        world.provider.delay(1500);
        ForkedJvm.Running owner = world.host("refund|9101|7.00|EUR|owner").workDir(dir.resolve("owner")).start();
        for (int i = 0; i < 1500 && world.provider.posts("/refunds") == 0; i++) {
            Thread.sleep(20);
        }
        assertEquals(1, world.provider.posts("/refunds"), owner.stderr());
        signal("STOP", owner.process.pid());
        try {
            Thread.sleep(4500);                                  // the 3 s lease runs out on the server's clock
            ForkedJvm.Result other = world.host("refund|9101|7.00|EUR|did it go through?").workDir(dir.resolve("other"))
                    .run(60);
            assertTrue(other.lines("RESULT refund ").get(0).startsWith(PENDING), "the owner is taken for dead\n" + other);
            assertEquals(1, world.provider.posts("/refunds"), "the other JVM sends nothing");
        } finally {
            signal("CONT", owner.process.pid());
        }
        ForkedJvm.Result woke = owner.await(60);
        String first = woke.lines("RESULT refund ").get(0);
        assertTrue(first.startsWith("{\"id\""), "the owner's call completed\n" + woke);
        assertTrue(woke.stderr.contains("was taken for unknown while its call ran, and the call then completed: recorded DONE"),
                woke.stderr);

        ForkedJvm.Result later = world.host("refund|9101|7.00|EUR|and now?").workDir(dir.resolve("later")).run(60);
        String answer = later.lines("RESULT refund ").get(0);
        String id = first.replaceAll("^\\{\"id\":\"([^\"]+)\".*", "$1");
        assertTrue(answer.startsWith(ALREADY_DONE) && answer.contains(id),
                "the late DONE is the truth the next repeat answers\n" + later);
        assertEquals(1, world.provider.posts("/refunds"));
    }

    /**
     * A JVM that waits for another JVM's call of the same intent has read its record: when the store then fails, the
     * intent exists and may have run, so the waiter answers in_flight and sends nothing, even under fail-open.
     */
    @Test
    void aStoreThatFailsWhileAJvmWaitsForAnotherJvmsCallNeverRunsItTwice() throws Exception {
        try (TcpProxy proxy = new TcpProxy("127.0.0.1", backend.port())) {
            config(backend.url(proxy.port()), "");                      // on-error: fail-open, the default
            world.provider.delay(8000);
            ForkedJvm.Running owner = world.host("refund|9201|3.00|EUR|owner").workDir(dir.resolve("owner")).start();
            for (int i = 0; i < 1500 && world.provider.posts("/refunds") == 0; i++) {
                Thread.sleep(20);
            }
            assertEquals(1, world.provider.posts("/refunds"), owner.stderr());
            ForkedJvm.Running waiter = world.host("say|CALLING", "refund|9201|3.00|EUR|did it go through?")
                    .property("intentguard.log.level", "debug").workDir(dir.resolve("waiter")).start();
            for (int i = 0; i < 1500 && !waiter.stderr().contains(" in flight in pid "); i++) {
                Thread.sleep(20);                                       // until it found the owner's claim and waits on it
            }
            assertTrue(waiter.stderr().contains(" in flight in pid "), waiter.stderr());
            proxy.sever(true);                                          // every connection reset, new ones refused
            ForkedJvm.Result w = waiter.await(60);
            assertTrue(w.lines("RESULT refund ").get(0).startsWith("{\"status\":\"in_flight\""),
                    "the waiter does not run what it saw in flight\n" + w);
            assertEquals(1, world.provider.posts("/refunds"), "nothing sent again, fail-open or not");
            // The owner's held call (8 s) has nothing more to show: stopped, not waited for.
            owner.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            proxy.restore();
        }
    }

    private static void signal(String name, long pid) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid)).inheritIO().start();
        assertEquals(0, kill.waitFor(), "kill -" + name + " " + pid);
    }

    @Test
    void aStoreThatHangsCostsACallItsOperationTimeoutAndOnErrorDecides() throws Exception {
        try (TcpProxy proxy = new TcpProxy("127.0.0.1", backend.port())) {
            config(backend.url(proxy.port()), "on-error: fail-closed\n");
            ForkedJvm.Running host = world.host("refund|5001|1.00|EUR|warm", "await-file|" + dir.resolve("stall"),
                    "timed|refund|5002|1.00|EUR|stalled", "await-file|" + dir.resolve("back"), "refund|5003|1.00|EUR|back").start();
            for (int i = 0; i < 1500 && !host.stdout().contains("RESULT refund"); i++) {
                Thread.sleep(20);
            }
            proxy.stall();
            Files.createFile(dir.resolve("stall"));
            for (int i = 0; i < 1500 && host.stdout().split("RESULT refund").length < 3; i++) {
                Thread.sleep(20);
            }
            proxy.restore();
            Files.createFile(dir.resolve("back"));
            ForkedJvm.Result r = host.await(60);
            List<String> results = pendingAfterOneTimeout(r);
            assertTrue(results.get(2).startsWith("{\"id\""), "the agent is back by itself when the store is\n" + r);
            assertEquals(2, world.provider.posts("/refunds"), "nothing ran unguarded");
            assertEquals(1, r.stderr.split("cannot answer", -1).length - 1, "one ERROR for the outage\n" + r.stderr);
            assertTrue(r.stderr.contains("answers again after"), "and one line at its end\n" + r.stderr);
        }
    }

    @Test
    void aCallThatMustConnectAgainToAStoreThatHangsWaitsOneOperationTimeoutNotTwo() throws Exception {
        try (TcpProxy proxy = new TcpProxy("127.0.0.1", backend.port())) {
            config(backend.url(proxy.port()), "on-error: fail-closed\n");
            ForkedJvm.Running host = world.host("refund|5101|1.00|EUR|warm", "await-file|" + dir.resolve("stall"),
                    "timed|refund|5102|1.00|EUR|stalled").start();
            for (int i = 0; i < 1500 && !host.stdout().contains("RESULT refund"); i++) {
                Thread.sleep(20);
            }
            proxy.sever(false);         // the pooled connections reset: the call's second try needs a new one,
            proxy.stall();              // to a server that then answers nothing (pgjdbc's own timeouts: whole seconds)
            Files.createFile(dir.resolve("stall"));
            ForkedJvm.Result r = host.await(60);
            proxy.restore();
            pendingAfterOneTimeout(r);
            assertEquals(1, world.provider.posts("/refunds"), "nothing ran unguarded");
        }
    }

    /**
     * The warm call ran, and the timed one, on the store that hangs, answered pending_unknown (fail-closed) after about
     * its 500 ms operation timeout, a new connection included, not more. Returns the host's answers.
     */
    private static List<String> pendingAfterOneTimeout(ForkedJvm.Result r) {
        List<String> results = r.lines("RESULT refund ");
        assertTrue(results.get(0).startsWith("{\"id\""), r.toString());
        assertTrue(results.get(1).startsWith(PENDING), "fail-closed: a store that hangs answers pending_unknown\n" + r);
        long took = Long.parseLong(r.lines("TOOK ").get(0).trim());
        assertTrue(took >= 450 && took < 900, "the call waited for the hung store about its 500 ms operation timeout, "
                + "not more: " + took + " ms\n" + r);
        return results;
    }

    @Test
    void connectionsCutMidCallNeverDuplicateAndTheAgentReconnects() throws Exception {
        try (TcpProxy proxy = new TcpProxy("127.0.0.1", backend.port())) {
            config(backend.url(proxy.port()), "");
            world.provider.delay(1500);
            ForkedJvm.Running host = world.host("refund|6001|1.00|EUR|cut", "refund|6001|1.00|EUR|again").start();
            for (int i = 0; i < 1500 && world.provider.posts("/refunds") == 0; i++) {
                Thread.sleep(20);
            }
            proxy.sever(false);                                 // every connection reset while the body runs
            ForkedJvm.Result r = host.await(60);
            assertTrue(r.lines("RESULT refund ").get(0).startsWith("{\"id\""), r.toString());
            assertTrue(r.lines("RESULT refund ").get(1).startsWith(ALREADY_DONE), "the outcome was recorded on a new "
                    + "connection, and the repeat answered from it\n" + r);
            assertEquals(1, world.provider.posts("/refunds"));
        }
    }

    @Test
    void aStoreThatLostItsDataIsSaidLoudlyAndNothingRunsUntilTheLossIsAccepted() throws Exception {
        Path go = dir.resolve("go");
        ForkedJvm.Running host = world.host("refund|8812|49.00|EUR|first", "await-file|" + go,
                "refund|8812|49.00|EUR|did it go through?").start();
        for (int i = 0; i < 1500 && !host.stdout().contains("RESULT refund"); i++) {
            Thread.sleep(20);
        }
        backend.wipe();                                          // FLUSHDB, a restart without persistence, a dropped schema
        Thread.sleep(2500);                                      // the idle JVM reads the identity every second
        ForkedJvm.Result newcomer = world.host("refund|8812|49.00|EUR|a new replica").run(60);
        assertTrue(newcomer.lines("RESULT refund ").get(0).startsWith(PENDING), "a JVM started after the loss sees it too, "
                + "though no call ran since: the idle JVM marked it\n" + newcomer);
        assertEquals(1, world.provider.posts("/refunds"));

        Files.createFile(go);
        ForkedJvm.Result r = host.await(60);
        assertTrue(r.lines("RESULT refund ").get(1).startsWith(PENDING), "never read as a new intent\n" + r);
        assertTrue(r.stderr.contains("LOST ITS DATA"), r.stderr);
        assertTrue(r.stderr.contains("java -jar intentguard-agent.jar accept-loss --store"), r.stderr);
        assertEquals(1, world.provider.posts("/refunds"));

        ForkedJvm.Result accepted = cli("accept-loss");
        assertEquals(0, accepted.exitCode, accepted.toString());
        ForkedJvm.Result after = world.host("refund|8813|20.00|EUR|after").run(60);
        assertTrue(after.lines("RESULT refund ").get(0).startsWith("{\"id\""), after.toString());
    }

    @Test
    void theFleetKillSwitchReachesARunningJvmWithinTwoSeconds() throws Exception {
        // 12 s of calls: long enough that calls fall in both checked windows even when the two CLI JVMs start slowly.
        ForkedJvm.Running host = world.host("every|250|48|refund|K{i}|1.00|EUR|x").start();
        for (int i = 0; i < 1500 && !host.stdout().contains("AT "); i++) {
            Thread.sleep(20);
        }
        long off = System.nanoTime();
        ForkedJvm.Result disabled = cli("disable", "refund_order");
        assertEquals(0, disabled.exitCode, disabled.toString());
        Thread.sleep(3500);
        long on = System.nanoTime();
        ForkedJvm.Result enabled = cli("enable", "refund_order");
        assertEquals(0, enabled.exitCode, enabled.toString());
        ForkedJvm.Result r = host.await(60);
        List<String> lines = r.lines("AT ");
        long firstAt = Long.parseLong(lines.get(0).split(" ")[0]);
        long started = System.nanoTime() - (Long.parseLong(lines.get(lines.size() - 1).split(" ")[0]) - firstAt) * 1_000_000L;
        boolean sawDisabled = false;
        int checkedOff = 0;
        int checkedOn = 0;
        for (String line : lines) {
            long at = Long.parseLong(line.split(" ")[0]);
            boolean isDisabled = line.contains("\"status\":\"disabled\"");
            sawDisabled |= isDisabled;
            long sinceOff = at * 1_000_000L - (off - started);
            long sinceOn = at * 1_000_000L - (on - started);
            if (sinceOff > 2_500_000_000L && sinceOn < 0) {
                assertTrue(isDisabled, "2 s after disable the tool answers disabled: " + line + "\n" + r);
                checkedOff++;
            }
            if (sinceOn > 2_500_000_000L) {
                assertFalse(isDisabled, "2 s after enable the tool runs again: " + line + "\n" + r);
                checkedOn++;
            }
        }
        assertTrue(sawDisabled, r.toString());
        assertTrue(checkedOff > 0 && checkedOn > 0, "calls fell in both checked windows (" + checkedOff + ", " + checkedOn
                + "): otherwise the checks above checked nothing\n" + r);
        assertTrue(r.stderr.contains("tool refund_order is DISABLED (it answers disabled without running) for the whole fleet"),
                r.stderr);
    }

    @Test
    void finishedIntentsExpireAfterTheRetentionAndTheReportCoversEveryJvm() throws Exception {
        world.rawConfig("store:\n  url: \"" + backend.url() + "\"\n  namespace: " + backend.namespace + "\n  retention: 2s\n"
                + "reconcile:\n  interval: 500ms\n" + AgentFixture.standardTools());
        // b is up before a calls, and calls as soon as a is done: its first call comes well within the retention,
        // however slowly JVMs start on a loaded machine.
        ForkedJvm.Running started = world.host("await-file|" + dir.resolve("a-done"), "refund|3001|1.00|EUR|b", "sleep|4000",
                "refund|3001|1.00|EUR|after retention").workDir(dir.resolve("b")).start();
        ForkedJvm.Result a = world.host("refund|3001|1.00|EUR|a").workDir(dir.resolve("a")).run(60);
        Files.createFile(dir.resolve("a-done"));
        ForkedJvm.Result b = started.await(60);
        assertTrue(b.lines("RESULT refund ").get(0).startsWith(ALREADY_DONE), b.toString());
        assertTrue(b.lines("RESULT refund ").get(1).startsWith("{\"id\""), "forgotten after store.retention: a new call\n" + b);
        assertEquals(2, world.provider.posts("/refunds"));

        ForkedJvm.Result report = cli("report", "--format", "json");
        assertEquals(0, report.exitCode, report.toString());
        JsonNode tool = null;
        for (JsonNode t : new ObjectMapper().readTree(report.stdout).path("tools")) {
            if (t.path("tool").asText().equals("refund_order")) {
                tool = t;
            }
        }
        assertTrue(tool != null, report.stdout);
        assertEquals(3, tool.path("invocations").asInt(), "every JVM's calls, in one report\n" + report.stdout + a);
    }
}
