package dev.intentguard.agent.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the YAML tree by its {@link Section}s' declared settings, collecting every problem with its line and fix instead
 * of stopping at the first: one binder for every section.
 */
final class SettingsBinder {
    final Path file;
    private final List<ConfigProblem.Issue> issues = new ArrayList<>();

    SettingsBinder(Path file) {
        this.file = file;
    }

    List<ConfigProblem.Issue> issues() {
        return issues;
    }

    int problemCount() {
        return issues.size();
    }

    void problem(int line, String message, String fix) {
        issues.add(new ConfigProblem.Issue(line, message, fix));
    }

    /**
     * {@code map} as {@code section}: its unknown keys reported (with the closest known one), then each declared setting
     * it writes read, in declaration order. What the values make, and the rules between them, are the section's class's.
     */
    Section.Values values(Section section, YamlNode.Mapping map) {
        int problemsBefore = issues.size();
        List<String> known = section.keys();
        for (YamlNode.Entry e : map.entries.values()) {
            if (!known.contains(e.key)) {
                String close = ConfigLoader.closest(e.key, known);
                problem(e.keyLine, "unknown setting \"" + section.unknownKeyPrefix + e.key + "\"",
                        close != null ? "did you mean \"" + close + "\"?" : "known settings here: " + String.join(", ", known));
            }
        }
        Section.Values values = new Section.Values(this, map, problemsBefore);
        for (Setting<?> setting : section.settings) {
            YamlNode.Entry e = map.entries.get(setting.key);
            if (e != null) {
                values.put(setting, setting.read(e, this));
            }
        }
        return values;
    }

    /** The text of a single-valued entry ({@code null} for an empty one); anything else is a problem, and {@code null}. */
    String scalar(YamlNode.Entry e, String what) {
        if (e.value instanceof YamlNode.Scalar) {
            return ((YamlNode.Scalar) e.value).text;
        }
        problem(e.keyLine, what + " must be a single value, but it is " + e.value.kind(),
                "write it on one line, e.g. " + what.replaceAll(".*\\.", "") + ": value");
        return null;
    }

    /** The section an entry holds; {@code null} for an empty one, and (after saying so) for anything else. */
    YamlNode.Mapping mapping(YamlNode.Entry e, String what, String fix) {
        if (e.value instanceof YamlNode.Mapping) {
            return (YamlNode.Mapping) e.value;
        }
        if (e.value instanceof YamlNode.Scalar && ((YamlNode.Scalar) e.value).text == null) {
            return null;
        }
        problem(e.keyLine, what + " must be a section of settings, but it is " + e.value.kind(), fix);
        return null;
    }
}
