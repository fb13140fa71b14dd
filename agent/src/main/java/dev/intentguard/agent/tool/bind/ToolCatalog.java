package dev.intentguard.agent.tool.bind;

import dev.intentguard.agent.config.AgentConfig;
import dev.intentguard.agent.config.Effect;
import dev.intentguard.agent.config.ToolSpec;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The tools the agent knows: config entries (by the type they name) and annotated methods (created as
 * their classes load). One {@link ToolDefinition} per tool name, shared by every method bound to it, so
 * that switching a tool off switches off all its implementations.
 */
public final class ToolCatalog {
    private final AgentConfig config;
    private final Map<String, List<ToolSpec>> byType = new HashMap<>();
    private final Map<String, ToolSpec> nameOnly = new HashMap<>();
    private final Map<String, ToolDefinition> definitions = new ConcurrentHashMap<>();

    public ToolCatalog(AgentConfig config) {
        this.config = config;
        for (ToolSpec spec : config.tools()) {
            if (spec.method() == null) {
                nameOnly.put(spec.name(), spec);
            } else {
                List<ToolSpec> ofType = byType.get(spec.method().typeName());   // no lambda: premain builds this
                if (ofType == null) {
                    ofType = new ArrayList<>();
                    byType.put(spec.method().typeName(), ofType);
                }
                ofType.add(spec);
                definitions.put(spec.name(), new ToolDefinition(spec.name(), spec.effect(), spec.key(), spec.exclude(),
                        spec.enabled(), spec.check(), spec.retry(), spec.notProcessed(), spec.unknown(), spec.escalate(),
                        "config line " + spec.line(), spec.keyLine(), spec.excludeLine()));
            }
        }
    }

    public AgentConfig config() {
        return config;
    }

    /** Type names the config lists (classes, interfaces or superclasses). */
    public Set<String> configuredTypes() {
        return byType.keySet();
    }

    /** The method names of the configured tools that are not {@code read}: those whose calls the agent guards. */
    public Set<String> guardedMethodNames() {
        Set<String> names = new java.util.HashSet<>();
        for (List<ToolSpec> specs : byType.values()) {
            for (ToolSpec spec : specs) {
                if (spec.effect() != dev.intentguard.agent.config.Effect.READ) {
                    names.add(spec.method().methodName());
                }
            }
        }
        return names;
    }

    /** The method names the config lists: a class can only declare a configured tool if it declares one of them. */
    public Set<String> configuredMethodNames() {
        Set<String> names = new java.util.HashSet<>();
        for (List<ToolSpec> specs : byType.values()) {
            for (ToolSpec spec : specs) {
                names.add(spec.method().methodName());
            }
        }
        return names;
    }

    List<ToolSpec> specsFor(String typeName) {
        return byType.getOrDefault(typeName, List.of());
    }

    public ToolDefinition definition(ToolSpec spec) {
        return definitions.get(spec.name());
    }

    /**
     * The definition of an annotated tool. A config entry with the same name and no method overrides what
     * it sets (effect, key, exclude, enabled).
     */
    public ToolDefinition annotated(String name, Effect effect, List<String> key, List<String> exclude, String origin) {
        return definitions.computeIfAbsent(name, n -> {
            ToolSpec spec = nameOnly.get(n);
            if (spec == null) {
                return new ToolDefinition(n, effect, key, exclude, true, null, origin, 0, 0);
            }
            return new ToolDefinition(n, spec.effect() != null ? spec.effect() : effect,
                    spec.key().isEmpty() ? key : spec.key(), spec.exclude().isEmpty() ? exclude : spec.exclude(),
                    spec.enabled(), spec.check(), spec.retry(), spec.notProcessed(), spec.unknown(), spec.escalate(),
                    origin + ", overridden by config line " + spec.line(),
                    spec.key().isEmpty() ? 0 : spec.keyLine(), spec.exclude().isEmpty() ? 0 : spec.excludeLine());
        });
    }

    /** The config entry without a method named {@code name}, or {@code null}. */
    public ToolSpec nameOnly(String name) {
        return nameOnly.get(name);
    }

    /** The definition named {@code name} (from config or an annotation), or {@code null}. */
    public ToolDefinition definitionNamed(String name) {
        return definitions.get(name);
    }

    public Collection<ToolDefinition> definitions() {
        return definitions.values();
    }
}
