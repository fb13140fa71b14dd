package dev.intentguard.agent.tool;

import dev.intentguard.agent.config.DiscoverSettings;
import dev.intentguard.agent.config.Effect;
import dev.intentguard.agent.config.ToolSpec;
import dev.intentguard.agent.key.ArgumentRef;
import dev.intentguard.agent.key.KeyRecipe;
import dev.intentguard.agent.tool.bind.ReturnShape;
import dev.intentguard.agent.tool.bind.ToolBinding;
import dev.intentguard.agent.tool.bind.ToolCatalog;
import dev.intentguard.agent.tool.bind.ToolDefinition;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Tools a framework registers by name with a handler instead of as methods (MCP server tools): what the
 * framework's marks say ({@code hintedEffect}: {@code read}, {@code idempotent}, or none for
 * {@code discover.default-effect}) classifies them, and a {@code tools:} entry with the same name and no method wins
 * (effect, key, exclude, enabled). With the framework's discovery switched off, only tools named by such an entry
 * are guarded.
 *
 * <p>The arguments are one map by name. Key entries name map entries (or paths into them: {@code customer.id});
 * without a key, the intent is every argument but the excluded ones. The recipe sees two arguments: the map as
 * the framework gave it (for key paths) and the map without the excluded entries (the default key, and the payload
 * fingerprint).
 */
final class NamedTools {
    static final String MCP = "mcp";

    private final ToolRuntime runtime;
    private final ToolCatalog catalog;
    private final Map<String, Optional<ToolBinding>> bindings = new ConcurrentHashMap<>();

    NamedTools(ToolRuntime runtime, ToolCatalog catalog) {
        this.runtime = runtime;
        this.catalog = catalog;
    }

    /** The binding of tool {@code name}, or {@code null} when it is not guarded (read, or not discovered). */
    ToolBinding binding(String framework, String name, String hintedEffect) {
        if (name == null) {
            return null;
        }
        Optional<ToolBinding> b = bindings.get(name);
        if (b == null) {
            b = bindings.computeIfAbsent(name, n -> Optional.ofNullable(resolve(framework, n, hintedEffect)));
        }
        return b.orElse(null);
    }

    private ToolBinding resolve(String framework, String registered, String hintedEffect) {
        DiscoverSettings discover = runtime.config().discover();
        String name = keyName(registered);
        if (!name.equals(registered)) {
            runtime.log().warn("{} tool \"{}\" is known to intentguard as {} (intent keys, logs, tools: entries): a tool name "
                    + "has at most 64 letters, digits, '_', '-' or '.'", framework, registered, name);
        }
        ToolSpec spec = catalog.nameOnly(name);
        if (spec == null && !discovers(discover, framework)) {
            return null;
        }
        Effect hinted = "read".equals(hintedEffect) ? Effect.READ
                : "idempotent".equals(hintedEffect) ? Effect.IDEMPOTENT : discover.defaultEffect();
        String origin = framework + " tool " + name + (hintedEffect != null ? " (hint: " + hintedEffect + ")"
                : " (no hint: discover.default-effect " + discover.defaultEffect().configName() + ")");
        ToolDefinition def = catalog.annotated(name, hinted, List.of(), List.of(), origin);
        runtime.log().debug("{} tool {} is {} ({})", framework, name, def.effect().configName(), def.origin());
        if (def.effect() == Effect.READ) {
            return null;
        }
        if (def.check() != null) {
            runtime.log().warn("config {}: check {} of {} is not used: {} tools have no class to hold a check method",
                    runtime.config().sourceName(), def.check(), name, framework);
        }
        List<ArgumentRef> key = new ArrayList<>();
        if (def.key().isEmpty()) {
            key.add(new ArgumentRef(1, new String[0], "arguments"));
        } else {
            for (String k : def.key()) {
                key.add(new ArgumentRef(0, k.split("\\."), k));
            }
        }
        KeyRecipe recipe = new KeyRecipe(key, 2, List.of(new ArgumentRef(0, new String[0], "arguments")));
        return new ToolBinding(-1, def, framework, name, new String[] {"java.util.Map"}, recipe, null, ReturnShape.TEXT,
                null, null);
    }

    /** The tool's name as intent keys (and so HTTP headers) can carry it: other characters become '_', 64 at most. */
    static String keyName(String registered) {
        StringBuilder out = new StringBuilder(Math.min(registered.length(), 64));
        for (int i = 0; i < registered.length() && out.length() < 64; i++) {
            char c = registered.charAt(i);
            boolean plain = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                    || c == '_' || c == '-' || c == '.';
            out.append(plain ? c : '_');
        }
        return out.length() == 0 ? "_" : out.toString();
    }

    private static boolean discovers(DiscoverSettings discover, String framework) {
        return MCP.equals(framework) && discover.mcp();
    }

    /** The recipe's arguments: the map as given, and the map without the tool's excluded entries. */
    static Object[] arguments(ToolBinding binding, Map<String, ?> arguments) {
        Map<String, Object> given = arguments == null ? Map.of() : new LinkedHashMap<>(arguments);
        Map<String, Object> kept = new LinkedHashMap<>(given);
        for (String excluded : binding.tool().exclude()) {
            remove(kept, excluded.split("\\."), 0);
        }
        return new Object[] {given, kept};
    }

    @SuppressWarnings("unchecked")
    private static void remove(Map<String, Object> map, String[] path, int at) {
        if (at == path.length - 1) {
            map.remove(path[at]);
            return;
        }
        Object child = map.get(path[at]);
        if (child instanceof Map) {
            Map<String, Object> copy = new LinkedHashMap<>((Map<String, Object>) child);
            map.put(path[at], copy);
            remove(copy, path, at + 1);
        }
    }

    /**
     * The description of a guarded {@code side_effect} tool with {@code discover.sentence} added ("Safe to call once
     * per orderId and amount. Repeated calls return the original result."), or {@code null} to keep it.
     */
    String describe(String framework, String name, String hintedEffect, String description) {
        DiscoverSettings discover = runtime.config().discover();
        ToolBinding binding = binding(framework, name, hintedEffect);
        if (!discover.describe() || binding == null || binding.tool().effect() != Effect.SIDE_EFFECT) {
            return null;
        }
        String sentence = discover.sentenceFor(binding.tool().key());
        if (description != null && description.contains(sentence)) {
            return null;
        }
        return description == null || description.isBlank() ? sentence : description.strip() + " " + sentence;
    }
}
