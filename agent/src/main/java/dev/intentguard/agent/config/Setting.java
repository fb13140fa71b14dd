package dev.intentguard.agent.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * One setting of the config file, declared once beside the object it configures ({@code StoreSettings.RETENTION}): its
 * path, what it takes and how a wrong value is answered, and its default. The {@link SettingsBinder} reads it, the "did
 * you mean" of an unknown key offers it, and {@code ConfigDocsTest} holds the tables of docs/config.md to it: each row
 * shows its default and begins with its one-line doc.
 *
 * <p>What it takes is a {@link Kind} with its parameters, read by one switch, rather than a reader object per setting:
 * premain binds the config, and every lambda or class per setting would be one more class to spin or load at start-up.
 * A setting no kind describes is {@link Kind#OWN}: its section's code reads it.
 *
 * @param <T> the value it takes
 */
final class Setting<T> {
    /** What a setting takes. */
    enum Kind {
        /** {@code 500ms}, {@code 30s}, {@code 5m}, {@code 1h}, {@code 7d}, or ISO-8601. */
        DURATION,
        /** A whole number above zero ({@code _} may group its digits), maybe with a bound of its own. */
        POSITIVE_LONG,
        /** A whole number within bounds. */
        INT_RANGE,
        /** One of an enum's constants, by its config name. */
        CHOICE,
        /** {@code true} or {@code false}. */
        BOOL,
        /** A single value a pattern matches. */
        MATCHING,
        /** Any single value but a blank one, trimmed. */
        TEXT,
        /** A list of words (or one word), each matched by a pattern, trimmed. */
        WORDS,
        /** A section of settings of its own, bound when its section's code asks ({@link Section.Values#section}). */
        SECTION,
        /** Read by its section's own code (a tool's key, the tools list, ...): declared for its key and its default. */
        OWN
    }

    /** What a boolean setting takes. */
    private enum Bool implements ConfigChoice {
        TRUE(true), FALSE(false);

        final boolean value;

        Bool(boolean value) {
            this.value = value;
        }

        @Override
        public String configName() {
            return value ? "true" : "false";
        }
    }

    private static final String DURATION_FIX = "write a number and a unit: 500ms, 30s, 5m, 1h or 7d";

    /** The setting as messages name it: {@code store.retention}, {@code retry.attempts}, {@code effect}. */
    final String path;
    /** The key it is written with in its section: the last part of {@link #path}. */
    final String key;
    final Kind kind;
    private final T defaultValue;
    /** The fix printed with a wrong value. */
    private final String fix;
    /** The default as docs/config.md says it when that is words; otherwise it is the default as written. */
    private String documentedWords;
    /** What it is for, in a line ({@link #doc(String)}). */
    private String doc;

    // what a kind needs; set while the setting is declared, never after
    private Class<? extends ConfigChoice> choices;
    private boolean suggestSpelling;
    private Pattern pattern;
    private String label;
    private String complaint;
    private boolean trimmed;
    private long min = Long.MIN_VALUE;
    private long max = Long.MAX_VALUE;
    private String outOfBoundsMessage;
    private String outOfBoundsFix;
    private Section section;

    private Setting(String path, Kind kind, T defaultValue, String fix) {
        this.path = path;
        this.key = path.substring(path.lastIndexOf('.') + 1);
        this.kind = kind;
        this.defaultValue = defaultValue;
        this.fix = fix;
        this.label = path;
    }

    static Setting<Duration> duration(String path, Duration defaultValue) {
        return new Setting<>(path, Kind.DURATION, defaultValue, DURATION_FIX);
    }

    static Setting<Long> positiveLong(String path, long defaultValue, String fix) {
        return new Setting<>(path, Kind.POSITIVE_LONG, defaultValue, fix);
    }

    /** A whole number from {@code min} to {@code max}; outside: {@code path v is not between min and max}. */
    static Setting<Integer> intRange(String path, int defaultValue, int min, int max, String fix) {
        Setting<Integer> s = new Setting<>(path, Kind.INT_RANGE, defaultValue, fix);
        s.min = min;
        s.max = max;
        return s;
    }

    static <E extends Enum<E> & ConfigChoice> Setting<E> choice(String path, Class<E> type, E defaultValue, String fix) {
        Setting<E> s = new Setting<>(path, Kind.CHOICE, defaultValue, fix);
        s.choices = type;
        return s;
    }

    static Setting<Boolean> bool(String path, boolean defaultValue, String fix) {
        return new Setting<>(path, Kind.BOOL, defaultValue, fix);
    }

    /**
     * A single value {@code pattern} matches as written ({@link #trimmed}: once trimmed); anything else is
     * {@code path "value" complaint}.
     */
    static Setting<String> matching(String path, Pattern pattern, String defaultValue, String complaint, String fix) {
        Setting<String> s = new Setting<>(path, Kind.MATCHING, defaultValue, fix);
        s.pattern = pattern;
        s.complaint = complaint;
        return s;
    }

    /** Any single value but a blank one ({@code path is empty}), trimmed. */
    static Setting<String> text(String path, String defaultValue, String fix) {
        return new Setting<>(path, Kind.TEXT, defaultValue, fix);
    }

    /** A list of words (or one word), each matched by {@code pattern}, trimmed. */
    static Setting<List<String>> words(String path, List<String> defaultValue, Pattern pattern, String fix) {
        Setting<List<String>> s = new Setting<>(path, Kind.WORDS, defaultValue, fix);
        s.pattern = pattern;
        return s;
    }

    /** A section of its own. */
    static Setting<Section.Values> section(String path, Section section) {
        Setting<Section.Values> s = new Setting<>(path, Kind.SECTION, null, null);
        s.section = java.util.Objects.requireNonNull(section, path);     // a cycle between settings classes: say it now
        return s;
    }

    /** A setting its section's code reads. */
    static <T> Setting<T> own(String path, T defaultValue) {
        return new Setting<>(path, Kind.OWN, defaultValue, null);
    }

    /** A {@link Kind#POSITIVE_LONG} also at most {@code max}; above it: {@code message}, {@code fix}. */
    Setting<T> atMost(long max, String message, String fix) {
        requireOneBound();
        this.max = max;
        this.outOfBoundsMessage = message;
        this.outOfBoundsFix = fix;
        return this;
    }

    /** A {@link Kind#POSITIVE_LONG} also at least {@code min}; below it: {@code message}, {@code fix}. */
    Setting<T> atLeast(long min, String message, String fix) {
        requireOneBound();
        this.min = min;
        this.outOfBoundsMessage = message;
        this.outOfBoundsFix = fix;
        return this;
    }

    /** The bounds' message and fix are one pair: a positive whole number takes one bound of its own. */
    private void requireOneBound() {
        if (kind != Kind.POSITIVE_LONG || outOfBoundsMessage != null) {
            throw new IllegalStateException(path + ": atMost/atLeast is for one bound of a positive whole number");
        }
    }

    /** A {@link Kind#MATCHING} value matched after trimming, and kept trimmed. */
    Setting<T> trimmed() {
        this.trimmed = true;
        return this;
    }

    /** A {@link Kind#MATCHING} setting its messages call {@code label} ({@code tool name "x"}, not {@code name "x"}). */
    Setting<T> calling(String label) {
        this.label = label;
        return this;
    }

    /**
     * A {@link Kind#CHOICE} whose fix, for a value that names a constant once lower-cased with {@code -} and spaces as
     * {@code _} ({@code Side-Effect}), is to write that constant.
     */
    Setting<T> suggestingSpelling() {
        this.suggestSpelling = true;
        return this;
    }

    /**
     * What it is for, in a line: the sentence its row of docs/config.md begins with ({@code ConfigDocsTest}), which the
     * rest of the row explains.
     */
    Setting<T> doc(String line) {
        this.doc = line;
        return this;
    }

    /** Its one-line doc. */
    String doc() {
        return doc;
    }

    /** Its default as docs/config.md says it, when that is words ({@code none}, {@code all on}). */
    Setting<T> documented(String words) {
        this.documentedWords = words;
        return this;
    }

    /** The value without the setting. */
    T defaultValue() {
        return defaultValue;
    }

    /** The section a {@link Kind#SECTION} setting holds. */
    Section section() {
        return section;
    }

    /**
     * The default as docs/config.md's tables show it: as written in the config, in backticks ({@code `7d`}), or in words;
     * {@code null} for a setting without one to show (a setting its section's code reads shows words, or nothing).
     */
    String documentedDefault() {
        if (documentedWords != null || defaultValue == null || kind == Kind.OWN || kind == Kind.SECTION) {
            return documentedWords;
        }
        String written = kind == Kind.DURATION ? Durations.written((Duration) defaultValue)
                : kind == Kind.CHOICE ? ((ConfigChoice) defaultValue).configName() : String.valueOf(defaultValue);
        return "`" + written + "`";
    }

    /**
     * The value {@code entry} gives; {@code null} for an empty value (the default), after saying what is wrong (the
     * default; a positive number out of its own bound is kept, said: the file is refused all the same), and for the
     * kinds the section's code reads ({@link Kind#SECTION}, {@link Kind#OWN}).
     */
    Object read(YamlNode.Entry entry, SettingsBinder binder) {
        switch (kind) {
            case DURATION: {
                String v = binder.scalar(entry, path);
                Duration d = Durations.parse(v);
                if (d == null || d.isNegative()) {
                    if (v != null) {
                        binder.problem(entry.keyLine, path + " \"" + v + "\" is not a duration", fix);
                    }
                    return null;
                }
                return d;
            }
            case POSITIVE_LONG:
                return positiveLong(binder.scalar(entry, path), entry.keyLine, binder);
            case INT_RANGE: {
                String v = binder.scalar(entry, path);
                if (v == null) {
                    return null;                       // empty: the default, as for every kind; not single: said
                }
                int n;
                try {
                    n = Integer.parseInt(v);
                } catch (NumberFormatException e) {
                    binder.problem(entry.keyLine, path + " \"" + v + "\" is not a whole number", fix);
                    return null;
                }
                if (n < min || n > max) {
                    binder.problem(entry.keyLine, path + " " + v + " is not between " + min + " and " + max, fix);
                    return null;
                }
                return n;
            }
            case CHOICE:
                return choice(entry, binder, choices);
            case BOOL: {
                Bool b = (Bool) choice(entry, binder, Bool.class);
                return b == null ? null : b.value;
            }
            case MATCHING: {
                String v = binder.scalar(entry, path);
                if (v != null && !pattern.matcher(trimmed ? v.trim() : v).matches()) {
                    binder.problem(entry.keyLine, label + " \"" + v + "\" " + complaint, fix);
                    return null;
                }
                return v != null && trimmed ? v.trim() : v;
            }
            case TEXT: {
                String v = binder.scalar(entry, path);
                if (v != null && v.isBlank()) {
                    binder.problem(entry.keyLine, path + " is empty", fix);
                    return null;
                }
                return v == null ? null : v.trim();
            }
            case WORDS:
                return words(entry, binder);
            default:
                return null;
        }
    }

    private Long positiveLong(String v, int line, SettingsBinder binder) {
        if (v == null) {
            return null;
        }
        long n;
        try {
            n = Long.parseLong(v.trim().replace("_", ""));
        } catch (NumberFormatException e) {
            n = 0;
        }
        if (n <= 0) {
            binder.problem(line, path + " \"" + v + "\" is not a positive whole number", fix);
            return null;
        }
        if (n < min || n > max) {
            binder.problem(line, outOfBoundsMessage, outOfBoundsFix);    // kept: the file is refused all the same
        }
        return n;
    }

    /** The constant of {@code type} the entry names; anything else is a problem that lists the names. */
    private ConfigChoice choice(YamlNode.Entry entry, SettingsBinder binder, Class<? extends ConfigChoice> type) {
        String v = binder.scalar(entry, path);
        ConfigChoice parsed = ConfigChoice.named(type, v);
        if (parsed == null && v != null) {
            ConfigChoice close = suggestSpelling
                    ? ConfigChoice.named(type, v.toLowerCase(Locale.ROOT).replace('-', '_').replace(' ', '_')) : null;
            binder.problem(entry.keyLine, path + " \"" + v + "\" is not " + ConfigChoice.names(type),
                    close != null ? "write " + key + ": " + close.configName() : fix);
        }
        return parsed;
    }

    private List<String> words(YamlNode.Entry entry, SettingsBinder binder) {
        if (entry.value instanceof YamlNode.Scalar && ((YamlNode.Scalar) entry.value).text == null) {
            return null;                               // "hosts:" with nothing after it: the default, as for every kind
        }
        List<String> out = new ArrayList<>();
        List<YamlNode> items = entry.value instanceof YamlNode.Sequence
                ? ((YamlNode.Sequence) entry.value).items : List.of(entry.value);
        for (YamlNode n : items) {
            String v = n instanceof YamlNode.Scalar ? ((YamlNode.Scalar) n).text : null;
            if (v == null || !pattern.matcher(v.trim()).matches()) {
                binder.problem(n.line, path + " has an item that is not valid" + (v == null ? "" : ": \"" + v + "\""), fix);
            } else {
                out.add(v.trim());
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return path;
    }
}
