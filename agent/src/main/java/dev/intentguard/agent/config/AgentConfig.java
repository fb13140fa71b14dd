package dev.intentguard.agent.config;

import java.nio.file.Path;
import java.util.List;

/** A validated config: what the agent guards and how. */
public final class AgentConfig {
    private final Path source;
    private final Mode mode;
    private final OnError onError;
    private final StoreSettings store;
    private final HttpSettings http;
    private final ReconcileSettings reconcile;
    private final List<ToolSpec> tools;
    private final AuditSettings audit;
    private final DiscoverSettings discover;
    private final PluginSettings plugins;

    public AgentConfig(Path source, Mode mode, OnError onError, StoreSettings store, HttpSettings http,
                       ReconcileSettings reconcile, List<ToolSpec> tools, AuditSettings audit, DiscoverSettings discover,
                       PluginSettings plugins) {
        this.source = source;
        this.mode = mode;
        this.onError = onError;
        this.store = store;
        this.http = http;
        this.reconcile = reconcile;
        this.tools = List.copyOf(tools);
        this.audit = audit;
        this.discover = discover;
        this.plugins = plugins;
    }

    /** The same config with another {@code on-error} (a command-line override). */
    public AgentConfig withOnError(OnError value) {
        return new AgentConfig(source, mode, value, store, http, reconcile, tools, audit, discover, plugins);
    }

    /** The same config with another store (the test kit's file store). */
    public AgentConfig withStore(StoreSettings value) {
        return new AgentConfig(source, mode, onError, value, http, reconcile, tools, audit, discover, plugins);
    }

    /** The {@code discover:} section: tools found by their framework's markers. */
    public DiscoverSettings discover() {
        return discover;
    }

    /** The {@code plugins:} section: instrumentations switched off by name. */
    public PluginSettings plugins() {
        return plugins;
    }

    /** The {@code audit:} section: journal and JMX. */
    public AuditSettings audit() {
        return audit;
    }

    public ReconcileSettings reconcile() {
        return reconcile;
    }

    /** The file it was read from, or {@code null} when running on defaults (annotations only). */
    public Path source() {
        return source;
    }

    public Mode mode() {
        return mode;
    }

    public OnError onError() {
        return onError;
    }

    public StoreSettings store() {
        return store;
    }

    public HttpSettings http() {
        return http;
    }

    public List<ToolSpec> tools() {
        return tools;
    }

    /** Where problems found after loading (at class load time) point to. */
    public String sourceName() {
        return source == null ? "(no config file)" : source.toString();
    }
}
