package dev.intentguard.agent.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads and validates the YAML config. Every problem is collected with its line and a fix, so one run
 * shows everything that is wrong. What each section takes is declared beside the object it makes ({@link AgentConfig},
 * {@link StoreSettings}, {@link ToolSpec}, ...) and bound by one {@link SettingsBinder}.
 */
public final class ConfigLoader {
    private static final Pattern ON_ERROR_LINE = Pattern.compile("(?m)^on-error\\s*:\\s*[\"']?([\\w-]+)");

    private ConfigLoader() {
    }

    /** Every section with declared settings, the top level first. */
    private static List<Section> sections() {
        return List.of(AgentConfig.SECTION, StoreSettings.SECTION, ReconcileSettings.SECTION, HttpSettings.SECTION,
                AuditSettings.SECTION, DiscoverSettings.SECTION, ToolSpec.SECTION, RetryBudget.SECTION);
    }

    /**
     * The settings each section takes, by section ({@code ""}: the top level; {@code "tools.retry"}: a tool's retry
     * budget): what the binder accepts, and what docs/config.md's tables must list ({@code ConfigDocsTest}).
     */
    static Map<String, List<String>> knownKeys() {
        Map<String, List<String>> keys = new LinkedHashMap<>();
        for (Section section : sections()) {
            keys.put(section.name, section.keys());
        }
        return keys;
    }

    /** The declared settings of each section, named as in {@link #knownKeys()}. */
    static Map<String, List<Setting<?>>> declaredSettings() {
        Map<String, List<Setting<?>>> settings = new LinkedHashMap<>();
        for (Section section : sections()) {
            settings.put(section.name, section.settings);
        }
        return settings;
    }

    /** The config used when no file is given: defaults, tools from annotations only. */
    public static AgentConfig defaults() {
        return AgentConfig.from(AgentConfig.SECTION.empty());
    }

    /** Loads {@code file}; everything wrong with it comes back as one {@link ConfigProblem}. */
    public static AgentConfig load(Path file) throws ConfigProblem {
        Path absolute = file.toAbsolutePath().normalize();
        String text;
        try {
            text = Files.readString(absolute, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw ConfigProblem.of(absolute, 0, "the file does not exist",
                    "create it, or point -javaagent:...=config=PATH (or -Dintentguard.config, INTENTGUARD_CONFIG) at an existing file");
        } catch (IOException e) {
            throw ConfigProblem.of(absolute, 0, "the file cannot be read (" + e + ")", "make it readable by the application's user");
        }
        return parse(text, absolute);
    }

    /**
     * The {@code on-error} a file asks for, read leniently so that it is honoured even when the rest of
     * the file does not parse.
     */
    public static OnError onErrorOf(Path file) {
        try {
            Matcher m = ON_ERROR_LINE.matcher(Files.readString(file, StandardCharsets.UTF_8));
            if (m.find()) {
                OnError e = ConfigChoice.named(OnError.class, m.group(1));
                return e == null ? OnError.FAIL_OPEN : e;
            }
        } catch (IOException | RuntimeException ignored) {
            // unreadable: the default applies
        }
        // Not AgentConfig's declared default: a file that does not parse must not need the settings classes to load.
        return OnError.FAIL_OPEN;
    }

    static AgentConfig parse(String text, Path file) throws ConfigProblem {
        YamlNode root;
        try {
            root = YamlReader.read(text);
        } catch (YamlSyntaxException e) {
            throw ConfigProblem.of(file, e.line, "this is not valid YAML: " + e.getMessage(),
                    "correct the YAML syntax at that line (indentation, a missing ':' or an unclosed bracket)");
        }
        SettingsBinder binder = new SettingsBinder(file);
        AgentConfig config = null;
        if (root instanceof YamlNode.Mapping) {
            config = AgentConfig.from(binder.values(AgentConfig.SECTION, (YamlNode.Mapping) root));
        } else {
            binder.problem(root.line, "the file must be a section of settings (mode, on-error, store, tools), but it is "
                    + root.kind(), "start the file with 'tools:' and list the tools under it");
        }
        if (!binder.issues().isEmpty()) {
            throw new ConfigProblem(String.valueOf(file), binder.issues());
        }
        return config;
    }

    /** The known word within two edits of {@code word}, for "did you mean". */
    public static String closest(String word, List<String> known) {
        String best = null;
        int bestDistance = 3;
        for (String k : known) {
            int d = distance(word, k);
            if (d < bestDistance) {
                bestDistance = d;
                best = k;
            }
        }
        return best;
    }

    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
