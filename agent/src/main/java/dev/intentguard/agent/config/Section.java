package dev.intentguard.agent.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A section of the config file ({@code store:}, a tool, the top level) as its class declares it: the settings it takes,
 * in the order an unknown key's fix lists them. The class makes its object from the section's {@link Values}
 * ({@code StoreSettings.from}), weighing one setting against another there.
 */
final class Section {
    /** Its name in {@code ConfigLoader.knownKeys()}: {@code ""} (the top level), {@code store}, {@code tools.retry}. */
    final String name;
    /** How an unknown key of it is named: {@code store.}, {@code tools[].retry.}. */
    final String unknownKeyPrefix;
    /** The fix for a section that is written as something else ({@code store: big}). */
    final String notASectionFix;
    final List<Setting<?>> settings;

    Section(String name, String unknownKeyPrefix, String notASectionFix, Setting<?>... settings) {
        this.name = name;
        this.unknownKeyPrefix = unknownKeyPrefix;
        this.notASectionFix = notASectionFix;
        this.settings = List.of(settings);
    }

    /** The keys it takes, in declaration order. */
    List<String> keys() {
        List<String> keys = new ArrayList<>(settings.size());
        for (Setting<?> s : settings) {
            keys.add(s.key);
        }
        return keys;
    }

    /** The section with nothing written in it: every setting's default. */
    Values empty() {
        return new Values(null, null, 0);
    }

    /** What one mapping gave a section's settings (the defaults for those it does not set), and their lines. */
    static final class Values {
        private final SettingsBinder binder;
        private final YamlNode.Mapping map;
        private final Map<Setting<?>, Object> read = new IdentityHashMap<>();
        private final int problemsBefore;

        /** {@code binder} and {@code map} are {@code null} for a section with nothing written in it. */
        Values(SettingsBinder binder, YamlNode.Mapping map, int problemsBefore) {
            this.binder = binder;
            this.map = map;
            this.problemsBefore = problemsBefore;
        }

        void put(Setting<?> setting, Object value) {
            read.put(setting, value);
        }

        /**
         * The value written for {@code setting}, or its default when it is not written, empty or wrong (wrong values are
         * problems, so only a refused file's values can be wrong ones kept).
         */
        @SuppressWarnings("unchecked")
        <V> V get(Setting<V> setting) {
            Object v = read.get(setting);
            return v != null ? (V) v : setting.defaultValue();
        }

        /**
         * The values of a {@link Setting.Kind#SECTION} setting's section, bound now: what it is written with, or its
         * defaults when it is not written (or empty, or not a section: a problem).
         */
        Values section(Setting<Values> setting) {
            Values written = writtenSection(setting);
            return written != null ? written : setting.section().empty();
        }

        /** {@link #section}, but {@code null} when the section is not written with settings ({@code retry:}: none). */
        Values writtenSection(Setting<Values> setting) {
            YamlNode.Entry e = entry(setting);
            YamlNode.Mapping m = e == null ? null : binder.mapping(e, setting.path, setting.section().notASectionFix);
            return m == null ? null : binder.values(setting.section(), m);
        }

        /** Whether the section has the key at all (with a usable value or not). */
        boolean isSet(Setting<?> setting) {
            return entry(setting) != null;
        }

        /** The YAML entry of {@code setting}, or {@code null}: for the settings the section's own code reads. */
        YamlNode.Entry entry(Setting<?> setting) {
            return map == null ? null : map.entries.get(setting.key);
        }

        /**
         * The text of a single-valued setting the section's own code reads; {@code null} when it is absent or empty, and
         * (a problem) when it is not a single value.
         */
        String text(Setting<?> setting) {
            YamlNode.Entry e = entry(setting);
            return e == null ? null : binder.scalar(e, setting.path);
        }

        /** {@code setting} is written as one value, maybe an empty one (not a list or a section, which is a problem of its own). */
        boolean single(Setting<?> setting) {
            YamlNode.Entry e = entry(setting);
            return e != null && e.value instanceof YamlNode.Scalar;
        }

        /** The text of a single-valued setting exactly as written (spaces a quoted value keeps included), or {@code null}. */
        String written(Setting<?> setting) {
            YamlNode.Entry e = entry(setting);
            return e != null && e.value instanceof YamlNode.Scalar ? ((YamlNode.Scalar) e.value).text : null;
        }

        /** The line of {@code setting}'s key, or the section's line when it is not written. */
        int lineOf(Setting<?> setting) {
            YamlNode.Entry e = entry(setting);
            return e != null ? e.keyLine : line();
        }

        /** The line the section's first key is on (a tool's: its list item's). */
        int line() {
            return map == null ? 0 : map.line;
        }

        /** The file being read, {@code null} for a section with nothing written in it. */
        Path source() {
            return binder == null ? null : binder.file;
        }

        /** The binder, for a section's own code that binds sections of its own (the tools list's entries). */
        SettingsBinder binder() {
            return binder;
        }

        /** Whether anything in the section (its sub-sections included) was found wrong. */
        boolean hadProblems() {
            return binder != null && binder.problemCount() > problemsBefore;
        }

        void problem(int line, String message, String fix) {
            if (binder == null) {
                throw new IllegalStateException("the defaults break a rule of their section: " + message);
            }
            binder.problem(line, message, fix);
        }
    }
}
