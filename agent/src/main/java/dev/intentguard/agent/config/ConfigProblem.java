package dev.intentguard.agent.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Everything wrong with a config file, each with its line and how to fix it. Rendered as one block so an
 * operator sees the whole story at once.
 */
public final class ConfigProblem extends Exception {
    private static final long serialVersionUID = 1L;

    /** One thing wrong: where, what, and what to write instead. */
    public static final class Issue {
        public final int line;
        public final String message;
        public final String fix;

        public Issue(int line, String message, String fix) {
            this.line = line;
            this.message = message;
            this.fix = fix;
        }

        @Override
        public String toString() {
            return (line > 0 ? "line " + line + ": " : "") + message + (fix == null ? "" : " (fix: " + fix + ")");
        }
    }

    private final String source;
    private final List<Issue> issues;

    public ConfigProblem(String source, List<Issue> issues) {
        super(source + ": " + issues);
        this.source = source;
        this.issues = Collections.unmodifiableList(new ArrayList<>(issues));
    }

    public static ConfigProblem of(Path file, int line, String message, String fix) {
        return new ConfigProblem(String.valueOf(file), List.of(new Issue(line, message, fix)));
    }

    public String source() {
        return source;
    }

    public List<Issue> issues() {
        return issues;
    }

    /** The error block: file, then one entry per issue with its line and fix. */
    public String render() {
        StringBuilder out = new StringBuilder();
        out.append("config ").append(source).append(issues.size() == 1 ? " has a problem:" : " has " + issues.size() + " problems:");
        for (Issue issue : issues) {
            out.append("\n  ").append(issue.line > 0 ? source + ":" + issue.line + ": " : "").append(issue.message);
            if (issue.fix != null) {
                out.append("\n    fix: ").append(issue.fix);
            }
        }
        return out.toString();
    }
}
