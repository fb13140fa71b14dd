package dev.intentguard.agent.config;

import dev.intentguard.agent.weave.AgentPlugin;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/config.md and the binder cannot disagree: each section's "Setting" tables list exactly the settings the
 * binder accepts in that section, with the default each declares, and a section the top level takes has its own heading.
 */
class ConfigDocsTest {
    private static final Path DOC = Path.of("..", "docs", "config.md");
    private static final Pattern HEADING = Pattern.compile("^## (?:`([\\w-]+)`|Top level)\\s*$");
    /** A settings row: the setting, and its second cell (the default; the tools table: whether it is required). */
    private static final Pattern ROW = Pattern.compile("^\\| `([\\w-]+)` \\|(?: (.*?) \\|)?");
    /** A settings row's last cell: its meaning. */
    private static final Pattern MEANING = Pattern.compile("\\| ([^|]*(?:\\\\\\|[^|]*)*) \\|\\s*$");
    private static final Pattern PLUGIN_ROW = Pattern.compile("^\\| `([\\w.-]+)` \\|");

    /**
     * The rows of each level-2 section's "| Setting |" tables ("" for "Top level"), by section, each setting with its
     * second cell; a section without such a table is there, with none.
     */
    private static Map<String, Map<String, String>> tables() throws IOException {
        Map<String, Map<String, String>> sections = new LinkedHashMap<>();
        String section = null;
        boolean inSettingsTable = false;
        for (String line : Files.readAllLines(DOC)) {
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                section = heading.group(1) == null ? "" : heading.group(1);
                sections.putIfAbsent(section, new LinkedHashMap<>());
                inSettingsTable = false;
            } else if (line.startsWith("## ")) {
                section = null;
            } else if (section != null && line.startsWith("| Setting |")) {
                inSettingsTable = true;
            } else if (!line.startsWith("|")) {
                inSettingsTable = false;
            } else if (inSettingsTable) {
                Matcher row = ROW.matcher(line);
                if (row.find()) {
                    sections.get(section).put(row.group(1), row.group(2));
                }
            }
        }
        return sections;
    }

    /** The settings named in the first column of each level-2 section's "| Setting |" tables ("" for "Top level"). */
    private static Map<String, List<String>> documented() throws IOException {
        Map<String, List<String>> sections = new LinkedHashMap<>();
        tables().forEach((section, rows) -> sections.put(section, new ArrayList<>(rows.keySet())));
        return sections;
    }

    @Test
    void eachRowShowsTheDefaultItsSettingDeclares() throws IOException {
        Map<String, Map<String, String>> docs = tables();
        List<String> disagreements = new ArrayList<>();
        for (Map.Entry<String, List<Setting<?>>> section : ConfigLoader.declaredSettings().entrySet()) {
            Map<String, String> rows = docs.getOrDefault(section.getKey(), Map.of());
            for (Setting<?> setting : section.getValue()) {
                String cell = rows.get(setting.key);
                String expected = setting.documentedDefault();
                if (cell == null) {
                    continue;               // a section of its own (its heading), or a retry setting (the retry row, below)
                }
                if (section.getKey().equals("tools")) {
                    if (expected == null) {
                        continue;           // required, or optional without a default to show: the cell says which
                    }
                    expected = "no (" + expected + ")";
                }
                if (!cell.equals(expected)) {
                    disagreements.add((section.getKey().isEmpty() ? "Top level" : section.getKey()) + " `" + setting.key
                            + "`: the docs say " + cell + ", the declaration " + expected);
                }
            }
        }
        assertEquals(List.of(), disagreements, "docs/config.md's Default column against the declared defaults");
    }

    @Test
    void everySettingDeclaresItsDocAndItsRowBeginsWithIt() throws IOException {
        Map<String, Map<String, String>> meanings = new LinkedHashMap<>();
        String section = null;
        for (String line : Files.readAllLines(DOC)) {
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                section = heading.group(1) == null ? "" : heading.group(1);
            } else if (line.startsWith("## ")) {
                section = null;
            } else if (section != null && ROW.matcher(line).find()) {
                Matcher cell = MEANING.matcher(line);
                Matcher row = ROW.matcher(line);
                if (row.find() && cell.find()) {
                    meanings.computeIfAbsent(section, k -> new LinkedHashMap<>()).put(row.group(1), cell.group(1));
                }
            }
        }
        List<String> disagreements = new ArrayList<>();
        for (Map.Entry<String, List<Setting<?>>> declared : ConfigLoader.declaredSettings().entrySet()) {
            for (Setting<?> setting : declared.getValue()) {
                String where = (declared.getKey().isEmpty() ? "" : declared.getKey() + ".") + setting.key;
                if (setting.doc() == null || setting.doc().isBlank()) {
                    disagreements.add(where + ": no one-line doc declared");
                    continue;
                }
                String meaning = meanings.getOrDefault(declared.getKey(), Map.of()).get(setting.key);
                if (meaning != null && !meaning.startsWith(setting.doc())) {
                    disagreements.add(where + ": the docs' row begins \"" + meaning.substring(0, Math.min(80, meaning.length()))
                            + "...\", the declared doc is \"" + setting.doc() + "\"");
                }
            }
        }
        assertEquals(List.of(), disagreements, "each setting's one-line doc, and docs/config.md's rows beginning with it");
    }

    @Test
    void aToolsRetryRowSaysEachOfItsSettingsDefaults() throws IOException {
        String retryRow = Files.readAllLines(DOC).stream().filter(l -> l.startsWith("| `retry` |")).findFirst().orElse("");
        for (Setting<?> setting : ConfigLoader.declaredSettings().get("tools.retry")) {
            String shown = setting.documentedDefault().replace("`", "");
            assertTrue(Pattern.compile("`" + Pattern.quote(setting.key) + "` \\((default )?" + Pattern.quote(shown) + "[,:)]")
                    .matcher(retryRow).find(), "the tools retry row of docs/config.md says " + setting.key + " is " + shown);
        }
    }

    @Test
    void eachSectionsTableListsExactlyTheSettingsTheBinderTakes() throws IOException {
        Map<String, List<String>> docs = documented();
        for (Map.Entry<String, List<String>> known : ConfigLoader.knownKeys().entrySet()) {
            String section = known.getKey();
            if (section.isEmpty() || section.contains(".")) {
                continue;
            }
            assertTrue(docs.containsKey(section), "docs/config.md has no section ## `" + section + "`");
            assertEquals(new TreeSet<>(known.getValue()), new TreeSet<>(docs.get(section)),
                    "docs/config.md ## `" + section + "` lists other settings than the binder takes");
        }
    }

    @Test
    void theTopLevelIsItsTableAndItsSections() throws IOException {
        Map<String, List<String>> docs = documented();
        TreeSet<String> documentedTop = new TreeSet<>(docs.get(""));
        for (String section : docs.keySet()) {
            if (!section.isEmpty()) {
                documentedTop.add(section);
            }
        }
        assertEquals(new TreeSet<>(ConfigLoader.knownKeys().get("")), documentedTop,
                "the top-level settings of docs/config.md (its table and its ## `section` headings)");
    }

    @Test
    void thePluginsTableListsEveryPluginByName() throws IOException {
        TreeSet<String> plugins = new TreeSet<>();
        for (AgentPlugin plugin : ServiceLoader.load(AgentPlugin.class)) {
            plugins.add(plugin.name());
        }
        TreeSet<String> documented = new TreeSet<>();
        boolean inPlugins = false;
        for (String line : Files.readAllLines(DOC)) {
            if (line.startsWith("## ")) {
                inPlugins = line.equals("## `plugins`");
            } else if (inPlugins) {
                Matcher row = PLUGIN_ROW.matcher(line);
                if (row.find() && !line.startsWith("| Plugin")) {
                    documented.add(row.group(1));
                }
            }
        }
        assertEquals(plugins, documented, "docs/config.md ## `plugins`: one row per plugin, by the name plugins: takes");
    }

    @Test
    void aToolsRetryRowNamesEachOfItsSettings() throws IOException {
        String retryRow = Files.readAllLines(DOC).stream().filter(l -> l.startsWith("| `retry` |")).findFirst().orElse("");
        for (String key : ConfigLoader.knownKeys().get("tools.retry")) {
            assertTrue(retryRow.contains("`" + key + "`"), "the tools retry row of docs/config.md does not name " + key);
        }
    }
}
