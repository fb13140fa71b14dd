package dev.intentguard.agent.tool;

import dev.intentguard.agent.audit.AuditRecorder;
import dev.intentguard.agent.config.AgentConfig;
import dev.intentguard.agent.config.ConfigLoader;
import dev.intentguard.agent.config.Effect;
import dev.intentguard.agent.key.KeyRecipe;
import dev.intentguard.agent.store.InMemoryIntentStore;
import dev.intentguard.agent.store.StoreHandle;
import dev.intentguard.agent.tool.bind.ReturnShape;
import dev.intentguard.agent.tool.bind.ToolBinding;
import dev.intentguard.agent.tool.bind.ToolCatalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Tools registered by name (MCP): hints classify, a {@code tools:} entry wins, keys come from the arguments map. */
class NamedToolsTest {
    static final String SENTENCE_ALL = "Safe to call once per set of arguments. Repeated calls return the original result.";

    @TempDir
    Path dir;

    private NamedTools named(String yaml) throws Exception {
        Path file = dir.resolve("intentguard.yaml");
        Files.writeString(file, "store:\n  path: " + dir.resolve("intents.dat") + "\naudit:\n  journal: false\n  jmx: false\n" + yaml,
                StandardCharsets.UTF_8);
        AgentConfig config = ConfigLoader.load(file);
        ToolRuntime runtime = new ToolRuntime(config, StoreHandle.of(new InMemoryIntentStore()), AuditRecorder.create(config));
        return new NamedTools(runtime, new ToolCatalog(config));
    }

    private static KeyRecipe.Keyed keyed(ToolBinding b, Map<String, ?> arguments) {
        return b.recipe().apply(b.toolName(), NamedTools.arguments(b, arguments));
    }

    @Test
    void hintsClassifyAndNoHintIsTheDefaultEffect() throws Exception {
        NamedTools named = named("");
        assertEquals(Effect.SIDE_EFFECT, named.binding("mcp", "refund", null).tool().effect());
        assertNull(named.binding("mcp", "get_order", "read"), "read tools are left alone");
        assertEquals(Effect.IDEMPOTENT, named.binding("mcp", "set_status", "idempotent").tool().effect());
        assertEquals(ReturnShape.TEXT, named.binding("mcp", "refund", null).shape());

        assertEquals(Effect.IDEMPOTENT, named("discover:\n  default-effect: idempotent\n").binding("mcp", "refund", null).tool().effect());
    }

    @Test
    void aToolsEntryWinsOverHints() throws Exception {
        NamedTools named = named("tools:\n  - name: lookup\n    effect: side_effect\n  - name: refund\n    effect: read\n"
                + "  - name: cancel\n    enabled: false\n");
        assertEquals(Effect.SIDE_EFFECT, named.binding("mcp", "lookup", "read").tool().effect());
        assertNull(named.binding("mcp", "refund", null));
        ToolBinding cancel = named.binding("mcp", "cancel", "idempotent");
        assertEquals(Effect.IDEMPOTENT, cancel.tool().effect(), "an entry without effect keeps the hint's");
        assertFalse(cancel.tool().enabled());
    }

    @Test
    void withDiscoveryOffOnlyNamedToolsAreGuarded() throws Exception {
        NamedTools named = named("discover:\n  mcp: false\ntools:\n  - name: refund\n    effect: side_effect\n");
        assertNull(named.binding("mcp", "charge", null));
        assertNull(named.binding("mcp", "set_status", "idempotent"));
        assertEquals(Effect.SIDE_EFFECT, named.binding("mcp", "refund", "read").tool().effect());
        assertNull(named.binding("langchain4j", "other", null), "no other framework registers tools by name");
    }

    @Test
    void keyArgumentsNameMapEntriesAndExcludedOnesLeaveTheFingerprint() throws Exception {
        ToolBinding refund = named("tools:\n  - name: refund\n    key: [orderId, amount]\n    exclude: [note]\n")
                .binding("mcp", "refund", null);
        KeyRecipe.Keyed first = keyed(refund, Map.of("orderId", "A1", "amount", 49, "note", "customer asked"));
        KeyRecipe.Keyed again = keyed(refund, Map.of("orderId", "A1", "amount", 49.0, "note", "asked again"));
        KeyRecipe.Keyed other = keyed(refund, Map.of("orderId", "A1", "amount", 50, "note", "customer asked"));
        KeyRecipe.Keyed more = keyed(refund, Map.of("orderId", "A1", "amount", 49, "currency", "EUR"));
        assertEquals(first.key(), again.key());
        assertTrue(Arrays.equals(first.fingerprint(), again.fingerprint()), "the note is not part of the payload");
        assertNotEquals(first.key(), other.key());
        assertEquals(first.key(), more.key());
        assertFalse(Arrays.equals(first.fingerprint(), more.fingerprint()), "another argument: the same intent, other details");
        assertTrue(first.key().value().startsWith("ig1:refund:"), first.key().value());
    }

    @Test
    void withoutAKeyEveryArgumentButTheExcludedOnesIsTheIntent() throws Exception {
        ToolBinding refund = named("tools:\n  - name: refund\n    exclude: [note, meta.trace]\n").binding("mcp", "refund", null);
        KeyRecipe.Keyed first = keyed(refund, Map.of("orderId", "A1", "note", "x", "meta", Map.of("trace", "t1", "channel", "web")));
        KeyRecipe.Keyed again = keyed(refund, Map.of("orderId", "A1", "note", "y", "meta", Map.of("trace", "t2", "channel", "web")));
        KeyRecipe.Keyed other = keyed(refund, Map.of("orderId", "A2", "note", "x", "meta", Map.of("trace", "t1", "channel", "web")));
        assertEquals(first.key(), again.key());
        assertTrue(Arrays.equals(first.fingerprint(), again.fingerprint()));
        assertNotEquals(first.key(), other.key());
        assertEquals(keyed(refund, Map.of()).key(), keyed(refund, null).key(), "no arguments at all");
    }

    @Test
    void sideEffectDescriptionsGainTheSentenceOnce() throws Exception {
        NamedTools named = named("tools:\n  - name: refund\n    key: [orderId, amount]\n");
        assertEquals("Refunds an order. Safe to call once per orderId and amount. Repeated calls return the original result.",
                named.describe("mcp", "refund", null, "Refunds an order.  "));
        assertEquals(SENTENCE_ALL, named.describe("mcp", "charge", null, null));
        assertNull(named.describe("mcp", "charge", null, "Charges. " + SENTENCE_ALL), "already described");
        assertNull(named.describe("mcp", "set_status", "idempotent", "Sets a status."));
        assertNull(named.describe("mcp", "get_order", "read", "Reads."));
        assertNull(named("discover:\n  describe: false\n").describe("mcp", "refund", null, "Refunds."));
        assertNotNull(named("discover:\n  mcp: false\ntools:\n  - name: refund\n    effect: side_effect\n")
                .describe("mcp", "refund", null, "Refunds."));
    }

    @Test
    void aNameAnIntentKeyCannotCarryIsMadePlain() throws Exception {
        assertEquals("refund_v2_order", NamedTools.keyName("refund/v2 order"));
        assertEquals("x".repeat(64), NamedTools.keyName("x".repeat(100)));
        assertEquals("_", NamedTools.keyName(""));
        NamedTools named = named("tools:\n  - name: send_mail\n    effect: idempotent\n");
        ToolBinding b = named.binding("mcp", "send mail", null);
        assertEquals("send_mail", b.toolName());
        assertEquals(Effect.IDEMPOTENT, b.tool().effect(), "a tools: entry names it by its plain name");
        assertTrue(keyed(b, Map.of("to", "a@b.c")).key().value().startsWith("ig1:send_mail:"));
    }
}
