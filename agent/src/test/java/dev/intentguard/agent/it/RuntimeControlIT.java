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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The agent under operation: a config edit at run time, and loading it into a JVM that is already running. */
class RuntimeControlIT {
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

    /** Waits until the running JVM's stderr contains {@code text}: a 5 s bound is the acceptance itself. */
    private static boolean stderrShows(ForkedJvm.Running jvm, String text, int seconds) throws Exception {
        for (int i = 0; i < seconds * 20; i++) {
            if (jvm.stderr().contains(text)) {
                return true;
            }
            Thread.sleep(50);
        }
        return false;
    }

    @Test
    void editingTheConfigSwitchesAToolOffWithoutARestart() throws Exception {
        Path go = dir.resolve("go");
        Path again = dir.resolve("again");
        ForkedJvm.Running jvm = world.host("jmx-get|refund_order.enabled", "refund|1|1.00|EUR|before", "await-file|" + go,
                "jmx-get|refund_order.enabled", "refund|2|1.00|EUR|after", "await-file|" + again,
                "refund|3|1.00|EUR|broken edit").start();
        for (int i = 0; i < 600 && !jvm.stdout().contains("RESULT refund"); i++) {
            Thread.sleep(50);
        }

        String config = Files.readString(world.config);
        Files.writeString(world.config, config.replace("    exclude: [reason]\n", "    exclude: [reason]\n    enabled: false\n"));
        assertTrue(stderrShows(jvm, "tool refund_order is now DISABLED", 5), "within 5 s of the edit: " + jvm.stderr());
        Files.createFile(go);

        // A broken edit changes nothing and says why.
        for (int i = 0; i < 600 && jvm.stdout().split("RESULT refund").length < 3; i++) {
            Thread.sleep(50);
        }
        Files.writeString(world.config, Files.readString(world.config).replace("effect: side_effect", "effect: side-effect"));
        assertTrue(stderrShows(jvm, "The change is not applied: intentguard keeps running with the previous config.", 5),
                jvm.stderr());
        Files.createFile(again);

        ForkedJvm.Result r = jvm.await(60);
        List<String> results = r.lines("RESULT refund ");
        assertEquals(List.of("1", "0"), r.lines("RESULT jmx-get "), "JMX shows the edit (enabled 1, then 0): " + r);
        assertEquals("{\"id\":\"re_1\",\"path\":\"/refunds\"}", results.get(0), r.toString());
        String disabled = "{\"status\":\"disabled\",\"tool\":\"refund_order\",\"message\":\"refund_order is switched off right "
                + "now and did not run. Do not retry; tell the user it is unavailable for now.\"}";
        assertEquals(disabled, results.get(1));
        assertEquals(disabled, results.get(2), "still disabled after the broken edit");
        assertEquals(1, world.provider.posts("/refunds"));
        assertTrue(r.stderr.contains(world.config + ":"), "the broken edit's error names the file and line: " + r.stderr);
    }

    @Test
    void theAgentAttachesToARunningJvmAndRefusesASecondAttach() throws Exception {
        Path go = dir.resolve("go");
        ForkedJvm.Running jvm = world.hostWithoutAgent("await-file|" + go, "refund|8812|49.00|EUR|a",
                "refund|8812|49.00|EUR|b").start();
        long pid = jvm.process.pid();
        Thread.sleep(1000);                                          // the host is up and has loaded its tool class

        ForkedJvm.Result attach = world.cli("attach", String.valueOf(pid), "config=" + world.config);
        assertEquals(0, attach.exitCode, attach.toString());
        assertTrue(stderrShows(jvm, "intentguard 0.1.0-SNAPSHOT attached", 30), jvm.stderr());

        ForkedJvm.Result second = world.cli("attach", String.valueOf(pid), "config=" + world.config);
        assertEquals(0, second.exitCode, second.toString());
        assertTrue(stderrShows(jvm, "intentguard is already running in this JVM; this second start is ignored", 30), jvm.stderr());

        Thread.sleep(1500);                                          // the init thread re-weaves the loaded classes
        Files.createFile(go);
        ForkedJvm.Result r = jvm.await(60);
        assertEquals("{\"id\":\"re_1\",\"path\":\"/refunds\"}", r.lines("RESULT refund ").get(0), r.toString());
        assertTrue(r.lines("RESULT refund ").get(1).startsWith("{\"status\":\"already_done\""), r.toString());
        assertEquals(1, world.provider.posts("/refunds"), "a class loaded before the attach is guarded after it");
    }
}
