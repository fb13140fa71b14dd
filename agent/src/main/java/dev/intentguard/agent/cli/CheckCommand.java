package dev.intentguard.agent.cli;

import dev.intentguard.agent.config.AgentConfig;
import dev.intentguard.agent.config.ConfigLoader;
import dev.intentguard.agent.config.ConfigProblem;
import dev.intentguard.agent.config.ToolSpec;
import dev.intentguard.agent.tool.ToolGuard;
import net.bytebuddy.dynamic.ClassFileLocator;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code check CONFIG [--classpath CP]}: validates a config without starting the application, and prints
 * the tools it would guard. Exit status 0 when all is well, 1 when something is wrong, 2 on bad usage.
 */
final class CheckCommand {
    private CheckCommand() {
    }

    static final String USAGE = "usage: check CONFIG [--classpath CP]";

    static int run(String[] args, PrintStream out, PrintStream err) {
        String config = null;
        String classPath = null;
        for (int i = 0; i < args.length; i++) {
            if ((args[i].equals("--classpath") || args[i].equals("-cp")) && i + 1 < args.length) {
                classPath = args[++i];
            } else if (config == null && !args[i].startsWith("-")) {
                config = args[i];
            } else {
                err.println("unexpected argument \"" + args[i] + "\"\n" + USAGE);
                return 2;
            }
        }
        if (config == null) {
            err.println(USAGE);
            return 2;
        }
        AgentConfig loaded;
        try {
            loaded = ConfigLoader.load(Path.of(config));
        } catch (ConfigProblem p) {
            err.println(p.render());
            return 1;
        }
        out.println("config " + loaded.source() + ": valid");
        out.println("  mode " + loaded.mode().configName() + ", on-error " + loaded.onError().configName()
                + ", store " + loaded.store().description());
        if (classPath == null) {
            out.println("tools (methods and keys not checked: give --classpath to check them against the classes):");
            for (ToolSpec t : loaded.tools()) {
                out.println("  " + line(t, t.method() == null ? "settings for an annotated or MCP tool" : t.method().toString()));
            }
            return 0;
        }
        List<ToolGuard.CheckedTool> checked;
        try (ClassFileLocator locator = locator(classPath)) {
            checked = ToolGuard.check(loaded, locator);
        } catch (IOException e) {
            err.println("cannot read the class path: " + e.getMessage());
            return 2;
        }
        List<ConfigProblem.Issue> issues = new ArrayList<>();
        out.println("tools it would guard:");
        for (ToolGuard.CheckedTool c : checked) {
            ToolSpec t = c.spec;
            if (t.method() == null) {
                out.println("  " + line(t, "settings for an annotated or MCP tool"));
            } else if (!c.classFound) {
                out.println("  " + line(t, t.method() + "  NOT FOUND"));
                issues.add(new ConfigProblem.Issue(t.line(), "class " + t.method().typeName() + " is not on the class path",
                        "check the class name (nested classes are written Outer$Inner) or the --classpath given"));
            } else {
                String where = t.effect() == dev.intentguard.agent.config.Effect.READ ? t.method() + " (read: left alone)"
                        : c.methods.isEmpty() && c.coversImplementations ? t.method() + " (abstract: covers its implementations)"
                        : String.join(", ", c.methods);
                out.println("  " + line(t, where + (c.issues.isEmpty() ? "" : "  PROBLEM")));
                if (c.check != null) {
                    out.println(String.format("  %22s check: %s", "", c.check));
                }
                issues.addAll(c.issues);
            }
        }
        if (issues.isEmpty()) {
            out.println("no problems found");
            return 0;
        }
        err.println(new ConfigProblem(String.valueOf(loaded.source()), issues).render());
        return 1;
    }

    private static String line(ToolSpec t, String where) {
        String effect = t.effect() == null ? "(annotation or MCP hint)" : t.effect().configName();
        String head = String.format("%-22s %-12s %s", t.name(), effect, where);
        if (t.effect() == dev.intentguard.agent.config.Effect.READ) {
            return head + (t.enabled() ? "" : "  (DISABLED)");
        }
        String key = t.key().isEmpty() ? "all arguments" : String.join(", ", t.key());
        return head + String.format("%n  %22s key: %s%s%s", "", key,
                t.exclude().isEmpty() ? "" : "; exclude: " + String.join(", ", t.exclude()),
                t.enabled() ? "" : "; DISABLED");
    }

    private static ClassFileLocator locator(String classPath) throws IOException {
        List<ClassFileLocator> parts = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (entry.isBlank()) {
                continue;
            }
            File f = new File(entry);
            if (f.isDirectory()) {
                parts.add(new ClassFileLocator.ForFolder(f));
            } else if (f.isFile()) {
                parts.add(ClassFileLocator.ForJarFile.of(f));
            }
        }
        parts.add(ClassFileLocator.ForClassLoader.ofPlatformLoader());
        return new ClassFileLocator.Compound(parts);
    }
}
