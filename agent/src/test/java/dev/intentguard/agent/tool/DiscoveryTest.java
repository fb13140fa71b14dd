package dev.intentguard.agent.tool;

import dev.intentguard.agent.config.AgentConfig;
import dev.intentguard.agent.config.ConfigLoader;
import dev.intentguard.agent.tool.bind.ClassFilePrefilter;
import dev.intentguard.agent.tool.bind.ClassFilePrefilterTest;
import dev.intentguard.agent.tool.bind.ToolCatalog;
import dev.intentguard.agent.tool.bind.ToolResolver;
import dev.intentguard.it.discover.Lc4jTools;
import dev.intentguard.it.discover.SaiTools;
import net.bytebuddy.description.type.TypeDescription;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** LangChain4j and Spring AI {@code @Tool} methods found by the {@code discover:} section, and what config changes. */
class DiscoveryTest {
    @TempDir
    Path dir;

    private AgentConfig config(String yaml) throws Exception {
        Path file = dir.resolve("intentguard.yaml");
        Files.writeString(file, "store:\n  path: " + dir.resolve("intents.dat") + "\n" + yaml);
        return ConfigLoader.load(file);
    }

    /** Tool name → "effect key" of the methods the resolver binds in {@code type}. */
    private static Map<String, String> bound(AgentConfig config, Class<?> type) {
        Map<String, String> out = new TreeMap<>();
        for (ToolResolver.Resolved r : new ToolResolver(new ToolCatalog(config)).resolve(TypeDescription.ForLoadedType.of(type))) {
            assertNull(r.problem, () -> String.valueOf(r.problem.message));
            StringBuilder key = new StringBuilder();
            r.recipe.keyArguments().forEach(a -> key.append(key.length() == 0 ? "" : ",").append(a.label()));
            out.put(r.tool.name(), r.tool.effect().configName() + " " + key);
        }
        return out;
    }

    @Test
    void unlistedToolsTakeTheDefaultEffectAndAllArgumentsAListedEntryWins() throws Exception {
        AgentConfig config = config("tools:\n  - name: refund_order\n    key: [orderId]\n    check: findRefund\n"
                + "  - name: get_order\n    effect: read\n");
        Map<String, String> expected = Map.of("refund_order", "side_effect orderId",
                "refund_receipt", "side_effect orderId,amountCents");
        assertEquals(expected, bound(config, Lc4jTools.class), "get_order is read: not guarded");
        assertEquals(expected, bound(config, SaiTools.class));
    }

    @Test
    void theDefaultEffectAppliesToUnlistedToolsOnly() throws Exception {
        AgentConfig config = config("discover:\n  default-effect: idempotent\ntools:\n  - name: refund_order\n"
                + "    effect: side_effect\n");
        Map<String, String> found = bound(config, Lc4jTools.class);
        assertEquals("side_effect orderId,amountCents", found.get("refund_order"));
        assertEquals("idempotent orderId,amountCents", found.get("refund_receipt"));
        assertEquals("idempotent orderId", found.get("get_order"));
    }

    @Test
    void discoveryIsPerFrameworkAndOffMeansNotEvenAPrefilterCandidate() throws Exception {
        AgentConfig config = config("discover:\n  langchain4j: false\n");
        assertEquals(Map.of(), bound(config, Lc4jTools.class));
        assertEquals(3, bound(config, SaiTools.class).size());

        ClassFilePrefilter off = new ClassFilePrefilter(ToolPlugin.markers(config.discover()), java.util.Set.of(), java.util.Set.of());
        assertFalse(ClassFilePrefilterTest.candidate(off, getClass().getClassLoader(), Lc4jTools.class));
        assertTrue(ClassFilePrefilterTest.candidate(off, getClass().getClassLoader(), SaiTools.class));
        assertFalse(ClassFilePrefilterTest.candidate(off, getClass().getClassLoader(), dev.intentguard.it.discover.Receipt.class));
    }

    @Test
    void anIntentguardAnnotationWinsOverDiscovery() throws Exception {
        AgentConfig config = config("discover:\n  default-effect: side_effect\n");
        assertEquals(Map.of("both", "idempotent 0"), bound(config, Both.class));
        assertEquals(List.of(), new ToolResolver(new ToolCatalog(config)).resolve(TypeDescription.ForLoadedType.of(ReadOnlyTool.class)));
    }

    static class Both {
        @dev.intentguard.api.Idempotent(name = "both", key = "0")
        @dev.langchain4j.agent.tool.Tool(name = "other")
        public String tool(String orderId) {
            return orderId;
        }
    }

    static class ReadOnlyTool {
        @dev.intentguard.api.ReadOnly
        @org.springframework.ai.tool.annotation.Tool(name = "lookup")
        public String lookup(String orderId) {
            return orderId;
        }
    }
}
