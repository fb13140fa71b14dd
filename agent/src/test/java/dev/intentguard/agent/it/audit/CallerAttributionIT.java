package dev.intentguard.agent.it.audit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.it.audit.CallerContextApp;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Model and user attribution with {@code CallerContext} set by the host itself (as an agent framework's advice will):
 * a new tool-call id in the same conversation is the model, another conversation or turn is the user, no context is
 * unattributed, never a guess. Across a restart the intent record's caller answers. Also the JMX view: the same
 * counters, and the kill switch at run time.
 */
class CallerAttributionIT {
    static final String APP = CallerContextApp.class.getName();
    static final String TOOLS = String.join("\n",
            "tools:",
            "  - name: context_refund",
            "    method: dev.intentguard.it.audit.ContextTools#refund",
            "    effect: side_effect",
            "");

    @TempDir
    Path dir;
    AuditWorld world;

    @BeforeEach
    void setUp() throws Exception {
        world = new AuditWorld(dir).config("enforce", TOOLS);
    }

    private ForkedJvm.Result host(String... script) throws Exception {
        ForkedJvm.Result r = ForkedJvm.main(APP, script).agent("config=" + world.config).classPath(ForkedJvm.testClasses())
                .workDir(dir.resolve("work")).run(90);
        assertEquals(0, r.exitCode, r.toString());
        return r;
    }

    @Test
    void theCallerContextTellsModelFromUserAndNoContextIsUnattributed() throws Exception {
        ForkedJvm.Result r = host(
                "call|tc-1|conv-A|turn-1|O-1",     // first
                "call|tc-2|conv-A|turn-1|O-1",     // the model calls again in the same turn: model
                "call|tc-3|conv-A|-|O-1",          // a new tool call, same conversation, turn unknown: model
                "call|tc-4|conv-B|turn-9|O-1",     // another conversation: user
                "call|tc-5|conv-B|turn-10|O-1",    // the same conversation as last, another turn: user
                "bare|O-1",                        // nobody says: unattributed
                "call|tc-5|conv-B|turn-10|O-1",    // the same tool call again, no retry library: unattributed
                "jmx-wait",
                "jmx-get|context_refund.repeats.model",
                "jmx-get|context_refund.repeats.user",
                "jmx-get|context_refund.repeats.unattributed",
                "jmx-get|context_refund.prevented.model",
                "jmx-get|context_refund.invocations",
                "jmx-get|context_refund.enabled");
        List<String> results = r.lines("RESULT call ");
        assertTrue(results.get(0).startsWith("{\"refund\":\"re_1\""), r.toString());
        for (String later : results.subList(1, results.size())) {
            assertTrue(later.startsWith("{\"status\":\"already_done\""), r.toString());
        }
        assertEquals(List.of("true"), r.lines("RESULT jmx-wait "), r.toString());
        assertEquals(List.of("2", "2", "2", "2", "7", "1"), r.lines("RESULT jmx-get "), r.toString());
        assertTrue(r.stderr.contains("layer=model count=1: answered already_done"), r.stderr);
        assertTrue(r.stderr.contains("layer=user count=3: answered already_done"), r.stderr);
        assertTrue(r.stderr.contains("layer=unattributed count=5: answered already_done"), r.stderr);

        assertEquals(List.of("original", "model", "model", "user", "user", "unattributed", "unattributed"),
                layers(world.journalCalls()));
        for (JsonNode c : world.journalCalls()) {
            String line = c.toString();
            assertTrue(!line.contains("tc-") && !line.contains("conv-") && !line.contains("turn-"),
                    "ids are never written raw: " + line);
        }

        // Another process: this JVM never saw the intent; the record's caller (tc-1, conv-A) answers.
        ForkedJvm.Result later = host("call|tc-6|conv-A|turn-1|O-1", "call|tc-7|conv-C|turn-1|O-1");
        assertEquals(2, later.lines("RESULT call {\"status\":\"already_done\"").size(), later.toString());
        List<String> all = layers(world.journalCalls());
        assertEquals(List.of("model", "user"), all.subList(7, 9), all.toString());

        JsonNode tool = RetryLayersAuditIT.only(world.jsonReport().path("tools"));
        assertEquals(9, tool.path("invocations").asInt());
        assertEquals(1, tool.path("runs").asInt());
        assertEquals(3, tool.path("repeats").path("model").asInt(), tool.toString());
        assertEquals(3, tool.path("repeats").path("user").asInt(), tool.toString());
        assertEquals(2, tool.path("repeats").path("unattributed").asInt(), tool.toString());
        assertEquals(0, tool.path("repeats").path("framework").asInt(), tool.toString());
        assertEquals(8, tool.path("prevented_total").asInt(), tool.toString());
    }

    @Test
    void jmxSwitchesAToolOffAndOnWhileTheApplicationRuns() throws Exception {
        ForkedJvm.Result r = host("jmx-wait", "call|tc-1|conv-A|turn-1|K-1", "jmx|disable|context_refund",
                "jmx-get|context_refund.enabled", "call|tc-2|conv-A|turn-1|K-2", "jmx|enable|context_refund",
                "call|tc-3|conv-A|turn-1|K-3", "jmx|disable|no_such_tool", "jmx-get|context_refund.disabled_answers");
        List<String> calls = r.lines("RESULT call ");
        assertEquals(3, calls.size(), r.toString());
        assertTrue(calls.get(0).startsWith("{\"refund\":\"re_1\""), r.toString());
        assertTrue(calls.get(1).startsWith("{\"status\":\"disabled\""), r.toString());
        assertTrue(calls.get(2).startsWith("{\"refund\":\"re_2\""), "enabled again, it runs: " + r);
        assertEquals(List.of("context_refund disabled", "context_refund enabled", "no tool named no_such_tool"),
                r.lines("RESULT jmx "), r.toString());
        assertEquals(List.of("0", "1"), r.lines("RESULT jmx-get "), r.toString());
        assertTrue(r.stderr.contains("tool context_refund disabled through JMX"), r.stderr);
    }

    @Test
    void inAuditModeTheKillSwitchStillStopsTheTool() throws Exception {
        world.config("audit", TOOLS);
        ForkedJvm.Result r = host("jmx-wait", "bare|K-1", "jmx|disable|context_refund", "bare|K-2", "bare|K-1",
                "jmx|enable|context_refund", "bare|K-1");
        List<String> calls = r.lines("RESULT bare ");
        assertEquals(4, calls.size(), r.toString());
        assertTrue(calls.get(0).startsWith("{\"refund\":\"re_1\""), r.toString());
        assertTrue(calls.get(1).startsWith("{\"status\":\"disabled\""), r.toString());
        assertTrue(calls.get(2).startsWith("{\"status\":\"disabled\""), r.toString());
        assertTrue(calls.get(3).startsWith("{\"refund\":\"re_2\""), "audit mode runs the repeat: " + r);
        assertTrue(r.stderr.contains("duplicate ran (mode: audit): tool=context_refund"), r.stderr);
        assertTrue(r.stderr.contains("layer=unattributed count=2: enforce mode would answer already_done"), r.stderr);
    }

    private static List<String> layers(List<JsonNode> calls) {
        List<String> out = new ArrayList<>();
        for (JsonNode c : calls) {
            out.add(c.path("layer").asText("original"));
        }
        return out;
    }
}
