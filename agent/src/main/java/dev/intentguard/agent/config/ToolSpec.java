package dev.intentguard.agent.config;

import java.util.List;

/** One entry under {@code tools:}, with the lines its settings came from (for errors found later). */
public final class ToolSpec {
    private final String name;
    private final MethodRef method;
    private final Effect effect;
    private final List<String> key;
    private final List<String> exclude;
    private final boolean enabled;
    private final String check;
    private final RetryBudget retry;
    private final java.util.Set<Integer> notProcessed;
    private final UnknownPolicy unknown;
    private final String escalate;
    private final int line;
    private final int keyLine;
    private final int excludeLine;

    public ToolSpec(String name, MethodRef method, Effect effect, List<String> key, List<String> exclude,
                    boolean enabled, String check, int line, int keyLine, int excludeLine) {
        this(name, method, effect, key, exclude, enabled, check, null, java.util.Set.of(), UnknownPolicy.CHECK, null, line,
                keyLine, excludeLine);
    }

    public ToolSpec(String name, MethodRef method, Effect effect, List<String> key, List<String> exclude,
                    boolean enabled, String check, RetryBudget retry, java.util.Set<Integer> notProcessed,
                    UnknownPolicy unknown, String escalate, int line, int keyLine, int excludeLine) {
        this.retry = retry;
        this.notProcessed = java.util.Set.copyOf(notProcessed);
        this.unknown = unknown;
        this.escalate = escalate;
        this.name = name;
        this.method = method;
        this.effect = effect;
        this.key = List.copyOf(key);
        this.exclude = List.copyOf(exclude);
        this.enabled = enabled;
        this.check = check;
        this.line = line;
        this.keyLine = keyLine;
        this.excludeLine = excludeLine;
    }

    /** Stable tool name used in intent keys and logs. */
    public String name() {
        return name;
    }

    /** The method this entry guards, or {@code null} for an entry that only configures an annotated tool. */
    public MethodRef method() {
        return method;
    }

    /** The effect, or {@code null} when a name-only entry keeps the annotation's. */
    public Effect effect() {
        return effect;
    }

    /** Argument names, indexes or paths that identify the intent; empty means all arguments. */
    public List<String> key() {
        return key;
    }

    /** Arguments (or paths) left out of the payload fingerprint. */
    public List<String> exclude() {
        return exclude;
    }

    public boolean enabled() {
        return enabled;
    }

    /**
     * The outcome check: a method of the same class whose parameters are key arguments (by name), returning
     * non-null (or {@code true}) when the effect happened; {@code null} when the tool has none.
     */
    public String check() {
        return check;
    }

    /** Line of the entry in the config file (0 when it did not come from a file). */
    public int line() {
        return line;
    }

    public int keyLine() {
        return keyLine;
    }

    public int excludeLine() {
        return excludeLine;
    }

    /** The retries the agent makes itself ({@code retry:}), or {@code null} for none. */
    public RetryBudget retry() {
        return retry;
    }

    /** Statuses the tool's provider answers before it processes anything ({@code not-processed:}), beyond 429. */
    public java.util.Set<Integer> notProcessed() {
        return notProcessed;
    }

    /** What a repeat of an intent whose outcome is unknown does ({@code unknown:}). */
    public UnknownPolicy unknown() {
        return unknown;
    }

    /** A method of the tool's class called once when an intent of it needs a person ({@code escalate:}), or {@code null}. */
    public String escalate() {
        return escalate;
    }
}
