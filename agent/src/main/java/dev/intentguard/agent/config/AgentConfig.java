package dev.intentguard.agent.config;

import java.nio.file.Path;
import java.util.List;

/** A validated config: what the agent guards and how. */
public final class AgentConfig {
    static final Setting<Mode> MODE = Setting.choice("mode", Mode.class, Mode.ENFORCE, "write mode: enforce (or mode: audit)")
            .doc("`enforce`: the agent acts (records, replays, refuses, stops client resends).");
    static final Setting<OnError> ON_ERROR = Setting.choice("on-error", OnError.class, OnError.FAIL_OPEN,
            "write on-error: fail-open (run unguarded when intentguard cannot work) or on-error: fail-closed")
            .doc("What happens when intentguard itself cannot do its job.");
    static final Setting<Section.Values> STORE = Setting.section("store", StoreSettings.SECTION)
            .doc("Where the intents live: this host's file, or a store every replica shares.");
    static final Setting<Section.Values> HTTP = Setting.section("http", HttpSettings.SECTION)
            .doc("How the tools' HTTP requests carry the intent key, and which resends may go.");
    static final Setting<Section.Values> RECONCILE = Setting.section("reconcile", ReconcileSettings.SECTION)
            .doc("When unknown outcomes are checked again and escalated.");
    static final Setting<Section.Values> AUDIT = Setting.section("audit", AuditSettings.SECTION)
            .doc("What the agent records of each call: the journal, JMX, the host's metrics.");
    static final Setting<Section.Values> DISCOVER = Setting.section("discover", DiscoverSettings.SECTION)
            .doc("Tools found by their framework's markers (LangChain4j, Spring AI, MCP).");
    /** Any plugin's name: which exist is known once the plugins are found ({@link PluginSettings}). */
    static final Setting<PluginSettings> PLUGINS = Setting.own("plugins", PluginSettings.DEFAULTS).documented("all on")
            .doc("Instrumentations switched off by name; see [`plugins`](#plugins).");
    static final Setting<List<ToolSpec>> TOOLS = Setting.<List<ToolSpec>>own("tools", List.of())
            .doc("The guarded tools, one entry per tool.");
    /** The top level of the file (a file that is not a section of settings is the loader's to answer). */
    static final Section SECTION = new Section("", "", null,
            MODE, ON_ERROR, STORE, HTTP, RECONCILE, AUDIT, DISCOVER, PLUGINS, TOOLS);

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

    /** The file's top level: each section bound in turn, in declaration order, so that its problems are listed together. */
    static AgentConfig from(Section.Values v) {
        StoreSettings store = StoreSettings.from(v.section(STORE));
        HttpSettings http = HttpSettings.from(v.section(HTTP));
        ReconcileSettings reconcile = ReconcileSettings.from(v.section(RECONCILE));
        AuditSettings audit = AuditSettings.from(v.section(AUDIT));
        DiscoverSettings discover = DiscoverSettings.from(v.section(DISCOVER));
        PluginSettings plugins = PluginSettings.from(v.entry(PLUGINS), v.binder());
        List<ToolSpec> tools = ToolSpec.readList(v.entry(TOOLS), v.binder());
        return new AgentConfig(v.source(), v.get(MODE), v.get(ON_ERROR), store, http, reconcile, tools, audit, discover,
                plugins);
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
