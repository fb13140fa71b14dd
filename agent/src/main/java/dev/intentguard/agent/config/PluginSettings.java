package dev.intentguard.agent.config;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The {@code plugins:} section: instrumentations switched off by name ({@code okhttp: off}). Which names exist is known
 * only once the plugins are found, so a name that matches none is reported then, with {@link #lineOf its line}.
 */
public final class PluginSettings {
    public static final PluginSettings DEFAULTS = new PluginSettings(Map.of());

    /** What a {@code plugins:} entry takes ({@code true} and {@code false} say the same, as YAML readers expect). */
    private enum Switch implements ConfigChoice {
        ON("on", true), OFF("off", false), TRUE("true", true), FALSE("false", false);

        final String configName;
        final boolean on;

        Switch(String configName, boolean on) {
            this.configName = configName;
            this.on = on;
        }

        @Override
        public String configName() {
            return configName;
        }
    }

    /** Plugin name to the line of its {@code name: off}. */
    private final Map<String, Integer> off;

    public PluginSettings(Map<String, Integer> off) {
        this.off = Map.copyOf(off);
    }

    /** {@code plugins:} with {@code <name>: off} (or {@code on}, the default) per instrumentation, any name. */
    static PluginSettings from(YamlNode.Entry entry, SettingsBinder binder) {
        YamlNode.Mapping map = entry == null ? null : binder.mapping(entry, "plugins",
                "indent one '<plugin>: off' per line under plugins:, e.g. okhttp: off");
        if (map == null) {
            return DEFAULTS;
        }
        Map<String, Integer> off = new LinkedHashMap<>();
        for (YamlNode.Entry e : map.entries.values()) {
            Switch on = (Switch) Setting.choice("plugins." + e.key, Switch.class, Switch.ON,
                    "write " + e.key + ": off (leave that library uninstrumented) or " + e.key + ": on").read(e, binder);
            if (on != null && !on.on) {
                off.put(e.key, e.keyLine);
            }
        }
        return new PluginSettings(off);
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
