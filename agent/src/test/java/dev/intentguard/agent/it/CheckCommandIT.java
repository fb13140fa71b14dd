package dev.intentguard.agent.it;

import dev.intentguard.agent.testkit.AgentFixture;
import dev.intentguard.agent.testkit.ForkedJvm;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code java -jar intentguard-agent.jar check CONFIG [--classpath CP]}, as an operator runs it. */
class CheckCommandIT {
    @TempDir
    Path dir;
    AgentFixture world;

    @BeforeEach
    void setUp() throws Exception {
        world = new AgentFixture(dir);
    }

    @AfterEach
    void tearDown() {
        world.close();
    }

    private ForkedJvm.Result check(String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("-jar", ForkedJvm.agentJar().toString(), "check"));
        all.addAll(List.of(args));
        ForkedJvm jvm = ForkedJvm.main(all.get(0), all.subList(1, all.size()).toArray(new String[0])).workDir(dir.resolve("work"));
        return jvm.run(60);
    }

    @Test
    void aGoodConfigListsTheToolsItWouldGuard() throws Exception {
        world.config(AgentFixture.standardTools());
        ForkedJvm.Result r = check(world.config.toString(), "--classpath", ForkedJvm.testClasses());
        assertEquals(0, r.exitCode, r.toString());
        assertTrue(r.stdout.contains("config " + world.config + ": valid"), r.stdout);
        assertTrue(r.stdout.contains("refund_order           side_effect  dev.intentguard.it.app.SupportTools#refundOrder("
                + "String, BigDecimal, String, String)"), r.stdout);
        assertTrue(r.stdout.contains("key: orderId, amount; exclude: reason"), r.stdout);
        assertTrue(r.stdout.contains("pay                    side_effect  dev.intentguard.it.app.Payments#pay (abstract: covers "
                + "its implementations)"), r.stdout);
        assertTrue(r.stdout.contains("no problems found"), r.stdout);
    }

    @Test
    void methodsAndKeysAreCheckedAgainstTheClassPath() throws Exception {
        world.config(AgentFixture.standardTools().replace("key: [orderId, amount]", "key: [order, amount]")
                + "  - name: missing\n    method: dev.intentguard.it.app.Nope#refund\n    effect: side_effect\n"
                + "  - name: typo\n    method: dev.intentguard.it.app.SupportTools#refundOrdr\n    effect: side_effect\n");
        ForkedJvm.Result r = check(world.config.toString(), "--classpath", ForkedJvm.testClasses());
        assertEquals(1, r.exitCode, r.toString());
        assertTrue(r.stderr.contains("key \"order\" names no argument of dev.intentguard.it.app.SupportTools#refundOrder"), r.stderr);
        assertTrue(r.stderr.contains("class dev.intentguard.it.app.Nope is not on the class path"), r.stderr);
        assertTrue(r.stderr.contains("dev.intentguard.it.app.SupportTools has no method refundOrdr"), r.stderr);
        assertTrue(r.stderr.contains("did you mean dev.intentguard.it.app.SupportTools#refundOrder?"), r.stderr);
    }

    @Test
    void withoutAClassPathOnlyTheFileIsChecked() throws Exception {
        world.rawConfig("tools:\n  - name: a\n    method: x.Y#z\n    effect: sideeffect\n");
        ForkedJvm.Result bad = check(world.config.toString());
        assertEquals(1, bad.exitCode, bad.toString());
        assertTrue(bad.stderr.contains(world.config + ":4: effect \"sideeffect\""), bad.stderr);

        world.rawConfig("tools:\n  - name: a\n    method: x.Y#z\n    effect: side_effect\n");
        ForkedJvm.Result ok = check(world.config.toString());
        assertEquals(0, ok.exitCode, ok.toString());
        assertTrue(ok.stdout.contains("methods and keys not checked: give --classpath"), ok.stdout);
    }

    @Test
    void badUsageExitsTwo() throws Exception {
        assertEquals(2, check().exitCode);
    }
}
