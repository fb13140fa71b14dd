package dev.intentguard.agent.tool;

import dev.intentguard.agent.background.AgentThreads;
import dev.intentguard.agent.audit.AuditRecorder;
import dev.intentguard.agent.audit.ToolDirectory;
import dev.intentguard.agent.config.AgentConfig;
import dev.intentguard.agent.config.ConfigProblem;
import dev.intentguard.agent.config.ToolSpec;
import dev.intentguard.agent.store.FleetStore;
import dev.intentguard.agent.store.IntentStore;
import dev.intentguard.agent.store.StoreHandle;
import dev.intentguard.agent.store.StoreLostException;
import dev.intentguard.agent.tool.bind.ToolCatalog;
import dev.intentguard.agent.tool.bind.ToolDefinition;
import dev.intentguard.agent.tool.bind.ToolResolver;
import dev.intentguard.agent.weave.AgentPlugin;
import dev.intentguard.agent.weave.DeferredWeaving;
import dev.intentguard.agent.wire.NetworkWatch;
import dev.intentguard.bridge.Dispatcher;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** The tool layer's entry points: install the guard in a JVM, or check a config against a class path. */
public final class ToolGuard {
    private final ToolRuntime runtime;
    private final ToolCatalog catalog;
    private final ToolPlugin plugin;
    /** The config last applied: the one the agent started with, then each valid edit. */
    private volatile AgentConfig applied;

    private ToolGuard(ToolRuntime runtime, ToolCatalog catalog) {
        this.runtime = runtime;
        this.catalog = catalog;
        this.plugin = new ToolPlugin(runtime, catalog, new LoggedProblems());
        this.applied = runtime.config();
    }

    /** The tool guard for {@code config}: its plugin goes to the {@link dev.intentguard.agent.weave.Weaver}. */
    public static ToolGuard create(AgentConfig config, StoreHandle store, AuditRecorder recorder, NetworkWatch network) {
        return new ToolGuard(new ToolRuntime(config, store, recorder, network), new ToolCatalog(config));
    }

    /** The tools as JMX shows and switches them. */
    public ToolDirectory directory() {
        return new ToolDirectory() {
            @Override
            public List<ToolState> tools() {
                List<ToolState> out = new ArrayList<>();
                for (ToolDefinition d : catalog.definitions()) {
                    if (d.effect() != dev.intentguard.agent.config.Effect.READ) {
                        out.add(new ToolState(d.name(), d.effect().configName(), d.enabled()));
                    }
                }
                return out;
            }

            @Override
            public boolean setEnabled(String tool, boolean enabled) {
                boolean found = false;
                for (ToolDefinition d : catalog.definitions()) {
                    if (d.name().equals(tool)) {
                        d.setEnabled(enabled);
                        found = true;
                    }
                }
                return found;
            }
        };
    }

    /** The instrumentation that weaves the guard into tool methods. */
    public AgentPlugin plugin() {
        return plugin;
    }

    /** What edits the tool descriptions agent frameworks send to the model ({@code discover.describe}). */
    public dev.intentguard.bridge.DescribeHooks describer(DeferredWeaving deferred) {
        ToolDescriptions descriptions = new ToolDescriptions(runtime, catalog, deferred);
        plugin.onTrampolined(descriptions);
        return descriptions;
    }

    /**
     * Connects the bridge: from now on, woven tool methods reach this guard, and while the application starts, tool
     * methods entered through their start trampoline wait for their weaving.
     */
    public void connect(DeferredWeaving deferred, java.lang.instrument.Instrumentation instrumentation) {
        WeavingWait weaving = new WeavingWait(runtime, deferred);
        NamedTools named = new NamedTools(runtime, catalog);
        Dispatcher.install(new ToolDispatch(runtime, named, weaving));
        if (deferred.pending()) {
            dev.intentguard.bridge.StartGuard.install(new StartReentry(runtime, weaving, instrumentation,
                    catalog.guardedMethodNames(), ToolPlugin.markers(runtime.config().discover()),
                    catalog, named));
        }
    }

    /**
     * Starts the background reconciler and housekeeping (once the store opens they have something to do); nothing when
     * the JVM began stopping first: a short-lived host can exit before the agent's init thread gets here, and the
     * shutdown hook has then stopped their threads already.
     */
    public void startReconciler() {
        try {
            runtime.reconciler().start();
            runtime.sweeper().start();
            if (runtime.config().store().shared()) {
                fleet.scheduleWithFixedDelay(this::watchFleet, 0, FLEET_POLL_MILLIS, TimeUnit.MILLISECONDS);
            }
        } catch (RejectedExecutionException stopped) {
            // stopReconciler() came first: the JVM is exiting
        }
    }

    /** How often a JVM on a shared store reads the fleet's kill switch: a switch reaches every JVM within 2 s. */
    static final long FLEET_POLL_MILLIS = 1000;
    private final ScheduledExecutorService fleet = Executors
            .newSingleThreadScheduledExecutor(AgentThreads.named("intentguard-fleet"));
    private volatile long fleetErrorAt;

    /** Reads the store's identity (a loss, an accepted loss) and applies the fleet's kill switch. */
    private void watchFleet() {
        IntentStore store = runtime.store().ifOpen();
        if (!(store instanceof FleetStore)) {
            return;
        }
        FleetStore shared = (FleetStore) store;
        try {
            shared.checkIdentity();
        } catch (StoreLostException saidByTheStore) {
            return;                                   // every call answers pending_unknown; nothing to switch
        } catch (RuntimeException unreachable) {
            // the kill switch below says so, once a minute
        }
        try {
            Set<String> off = shared.disabledTools();
            for (ToolDefinition d : catalog.definitions()) {
                boolean disabled = off.contains(d.name());
                if (d.setFleetDisabled(disabled)) {
                    runtime.log().warn("tool {} is {} for the whole fleet (store {})", d.name(), disabled
                            ? "DISABLED (it answers disabled without running)" : "enabled again", shared.describe());
                }
            }
        } catch (RuntimeException e) {
            long now = runtime.now();
            if (now - fleetErrorAt > 60_000) {
                fleetErrorAt = now;
                runtime.log().warn("cannot read the fleet's kill switch from {} ({}); the last one read stays in force",
                        shared.describe(), String.valueOf(e));
            }
        }
    }

    /** Stops the background rounds: the JVM is shutting down and the store closes next. */
    public void stopReconciler() {
        runtime.reconciler().stop();
        runtime.sweeper().stop();
        fleet.shutdownNow();
        runtime.flushOutcomes(2_000);
    }

    /**
     * Applies an edited config to the running guard. Switching a tool on or off takes effect at once; anything that
     * changes how methods are bound (method, effect, key, exclude, check, new or removed tools) and the global
     * sections need a restart, which the log says.
     */
    public synchronized void reload(AgentConfig next) {
        AgentConfig current = applied;
        for (ToolSpec spec : next.tools()) {
            ToolDefinition def = catalog.definitionNamed(spec.name());
            ToolSpec before = current.tools().stream().filter(t -> t.name().equals(spec.name())).findFirst().orElse(null);
            if (def == null || before == null) {
                runtime.log().warn("config {}:{}: new tool {} takes effect after a restart", next.sourceName(), spec.line(), spec.name());
                continue;
            }
            if (!sameBinding(before, spec)) {
                runtime.log().warn("config {}:{}: the change to {} (method, effect, key, exclude or check) takes effect after a restart",
                        next.sourceName(), spec.line(), spec.name());
            }
            if (def.locallyEnabled() != spec.enabled()) {
                def.setEnabled(spec.enabled());
                runtime.log().warn("config {}:{}: tool {} is now {}", next.sourceName(), spec.line(), spec.name(),
                        spec.enabled() ? "enabled" : "DISABLED (it answers disabled without running)");
            }
        }
        for (ToolSpec gone : current.tools()) {
            if (next.tools().stream().noneMatch(t -> t.name().equals(gone.name()))) {
                runtime.log().warn("config {}: tool {} was removed; it stays guarded until a restart (set enabled: false to "
                        + "switch it off now)", next.sourceName(), gone.name());
            }
        }
        if (!next.store().description().equals(current.store().description()) || next.mode() != current.mode()
                || next.onError() != current.onError()) {
            runtime.log().warn("config {}: changes to mode, on-error or store take effect after a restart", next.sourceName());
        }
        if (!next.plugins().off().equals(current.plugins().off())) {
            runtime.log().warn("config {}: changes to plugins take effect after a restart (classes already woven stay so)",
                    next.sourceName());
        }
        applied = next;
    }

    private static boolean sameBinding(ToolSpec a, ToolSpec b) {
        return java.util.Objects.equals(String.valueOf(a.method()), String.valueOf(b.method())) && a.effect() == b.effect()
                && a.key().equals(b.key()) && a.exclude().equals(b.exclude()) && java.util.Objects.equals(a.check(), b.check());
    }

    /** Methods bound so far. */
    public int boundMethods() {
        return runtime.bindings().size();
    }

    /** What checking a config found for one tool entry. */
    public static final class CheckedTool {
        public final ToolSpec spec;
        /** {@code null} when nothing is wrong. */
        public final List<ConfigProblem.Issue> issues;
        /** Whether the class was found on the class path checked. */
        public final boolean classFound;
        /** The methods the entry binds (signatures). */
        public final List<String> methods;
        /** The entry names an interface or abstract class: it covers the implementations as they load. */
        public final boolean coversImplementations;
        /** What the outcome check's return type means ({@code "Optional: found when present"}), or {@code null}. */
        public final String check;

        CheckedTool(ToolSpec spec, List<ConfigProblem.Issue> issues, boolean classFound, List<String> methods,
                    boolean coversImplementations) {
            this(spec, issues, classFound, methods, coversImplementations, null);
        }

        CheckedTool(ToolSpec spec, List<ConfigProblem.Issue> issues, boolean classFound, List<String> methods,
                    boolean coversImplementations, String check) {
            this.spec = spec;
            this.issues = issues;
            this.classFound = classFound;
            this.methods = methods;
            this.coversImplementations = coversImplementations;
            this.check = check;
        }
    }

    /**
     * Checks each config entry that names a method against the class files {@code classPath} finds
     * (nothing is loaded or initialized): the class and method exist, each key and exclusion names an
     * argument.
     */
    public static List<CheckedTool> check(AgentConfig config, ClassFileLocator classPath) {
        ToolCatalog catalog = new ToolCatalog(config);
        ToolResolver resolver = new ToolResolver(catalog);
        TypePool pool = new TypePool.Default.WithLazyResolution(new TypePool.CacheProvider.Simple(), classPath,
                TypePool.Default.ReaderMode.EXTENDED);
        List<CheckedTool> out = new ArrayList<>();
        for (ToolSpec spec : config.tools()) {
            if (spec.method() == null) {
                out.add(new CheckedTool(spec, List.of(), false, List.of(), false));
                continue;
            }
            TypePool.Resolution resolution = pool.describe(spec.method().typeName());
            if (!resolution.isResolved()) {
                out.add(new CheckedTool(spec, List.of(), false, List.of(), false));
                continue;
            }
            TypeDescription type = resolution.resolve();
            List<ConfigProblem.Issue> issues = new ArrayList<>();
            List<String> methods = new ArrayList<>();
            String check = null;
            try {
                for (ToolResolver.Resolved r : resolver.resolve(type)) {
                    if (r.tool != catalog.definition(spec)) {
                        continue;
                    }
                    if (r.problem != null) {
                        boolean said = false;       // a loop, not a stream: fail-closed runs this in premain
                        for (ConfigProblem.Issue i : issues) {
                            said |= i.message.equals(r.problem.message);
                        }
                        if (!said) {
                            issues.add(r.problem);
                        }
                    } else {
                        methods.add(ToolResolver.signature(r.method));
                        if (r.check != null) {
                            check = r.check.methodName() + " returns " + r.check.meaning();
                        }
                    }
                }
                if (type.isInterface() || type.isAbstract()) {
                    issues.addAll(resolver.checkAbstract(type, spec));
                }
            } catch (RuntimeException e) {
                issues.add(new ConfigProblem.Issue(spec.line(), "cannot read " + type.getName() + " (" + e + ")",
                        "check that the class path holds a complete build of the application"));
            }
            out.add(new CheckedTool(spec, issues, true, methods, type.isInterface() || type.isAbstract(), check));
        }
        return out;
    }

    /** Reports problems found at class load time once each, saying what happens to the tool. */
    private final class LoggedProblems implements ToolPlugin.ProblemReport {
        private final Set<String> reported = ConcurrentHashMap.newKeySet();

        @Override
        public void report(ConfigProblem.Issue issue, String tool) {
            if (!reported.add(issue.line + issue.message)) {
                return;
            }
            String consequence = tool == null ? "" : runtime.failClosed()
                    ? "\n    " + tool + " is refused (status disabled) until the config is fixed (on-error: fail-closed)."
                    : "\n    " + tool + " runs unguarded (on-error: fail-open).";
            runtime.log().error("config {}{}: {}\n    fix: {}{}", runtime.config().sourceName(),
                    issue.line > 0 ? ":" + issue.line : "", issue.message, issue.fix, consequence);
        }
    }

    ToolCatalog catalog() {
        return catalog;
    }
}
