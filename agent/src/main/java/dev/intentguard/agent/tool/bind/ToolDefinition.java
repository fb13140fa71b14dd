package dev.intentguard.agent.tool.bind;

import dev.intentguard.agent.config.Effect;
import dev.intentguard.agent.config.RetryBudget;
import dev.intentguard.agent.config.UnknownPolicy;

import java.util.List;
import java.util.Set;

/**
 * A tool as the agent guards it: name, effect, key and exclusions, and whether it is switched on. It
 * comes from a config entry, an annotation, or both (the config wins).
 */
public final class ToolDefinition {
    private final String name;
    private final Effect effect;
    private final List<String> key;
    private final List<String> exclude;
    private final String origin;
    private final int keyLine;
    private final int excludeLine;
    private final String check;
    private final RetryBudget retry;
    private final Set<Integer> notProcessed;
    private final UnknownPolicy unknown;
    private final String escalate;
    private volatile boolean enabled;
    /** Switched off for the whole fleet on its shared store ({@code disable TOOL --store URL}). */
    private volatile boolean fleetDisabled;

    public ToolDefinition(String name, Effect effect, List<String> key, List<String> exclude, boolean enabled,
                          String check, String origin, int keyLine, int excludeLine) {
        this(name, effect, key, exclude, enabled, check, null, Set.of(), UnknownPolicy.CHECK, null, origin, keyLine, excludeLine);
    }

    public ToolDefinition(String name, Effect effect, List<String> key, List<String> exclude, boolean enabled,
                          String check, RetryBudget retry, Set<Integer> notProcessed, UnknownPolicy unknown, String escalate,
                          String origin, int keyLine, int excludeLine) {
        this.retry = retry;
        this.notProcessed = Set.copyOf(notProcessed);
        this.unknown = unknown;
        this.escalate = escalate;
        this.name = name;
        this.effect = effect;
        this.key = List.copyOf(key);
        this.exclude = List.copyOf(exclude);
        this.enabled = enabled;
        this.origin = origin;
        this.keyLine = keyLine;
        this.excludeLine = excludeLine;
        this.check = check;
    }

    /** The retries the agent makes itself for a call that failed before anything was processed, or {@code null}. */
    public RetryBudget retry() {
        return retry;
    }

    /** Statuses the tool's provider answers before processing anything (beyond 429). */
    public Set<Integer> notProcessed() {
        return notProcessed;
    }

    /** What a repeat of an intent whose outcome is unknown does. */
    public UnknownPolicy unknown() {
        return unknown;
    }

    /** The method called once when an intent of this tool needs a person, or {@code null}. */
    public String escalate() {
        return escalate;
    }

    /** The outcome check's method name, or {@code null}. */
    public String check() {
        return check;
    }

    public String name() {
        return name;
    }

    public Effect effect() {
        return effect;
    }

    /** Key arguments as written; empty means all arguments (or the {@code @IntentKey} ones). */
    public List<String> key() {
        return key;
    }

    public List<String> exclude() {
        return exclude;
    }

    /** Whether it runs: switched on here (config, MBean) and not switched off for the fleet. */
    public boolean enabled() {
        return enabled && !fleetDisabled;
    }

    /** The switch of this JVM (the config's {@code enabled:}, the MBean), whatever the fleet's says. */
    public boolean locallyEnabled() {
        return enabled;
    }

    /** The kill switch of this JVM. */
    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    /** The fleet's kill switch, as the shared store says; returns whether it changed. */
    public boolean setFleetDisabled(boolean disabled) {
        boolean changed = fleetDisabled != disabled;
        fleetDisabled = disabled;
        return changed;
    }

    /** Where it was defined, e.g. {@code config line 12} or {@code @SideEffect on com.acme.Tools#refund}. */
    public String origin() {
        return origin;
    }

    int keyLine() {
        return keyLine;
    }

    int excludeLine() {
        return excludeLine;
    }
}
