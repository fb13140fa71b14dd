package dev.intentguard.agent.config;

import java.util.Map;
import java.util.Set;

/**
 * The {@code plugins:} section: instrumentations switched off by name ({@code okhttp: off}). Which names exist is known
 * only once the plugins are found, so a name that matches none is reported then, with {@link #lineOf its line}.
 */
public final class PluginSettings {
    public static final PluginSettings DEFAULTS = new PluginSettings(Map.of());

    /** Plugin name to the line of its {@code name: off}. */
    private final Map<String, Integer> off;

    public PluginSettings(Map<String, Integer> off) {
        this.off = Map.copyOf(off);
    }

    public boolean enabled(String plugin) {
        return !off.containsKey(plugin);
    }

    /** The names written {@code off}. */
    public Set<String> off() {
        return off.keySet();
    }

    /** The line {@code plugin} is switched off on, or 0. */
    public int lineOf(String plugin) {
        return off.getOrDefault(plugin, 0);
    }
}
