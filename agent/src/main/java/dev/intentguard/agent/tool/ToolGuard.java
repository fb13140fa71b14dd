package dev.intentguard.agent.tool;

import dev.intentguard.agent.config.AgentConfig;
import dev.intentguard.agent.config.ConfigProblem;
import dev.intentguard.agent.config.ToolSpec;
import dev.intentguard.agent.store.StoreHandle;
import dev.intentguard.api.bridge.Dispatcher;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;

import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** The tool layer's entry points: install the guard in a JVM, or check a config against a class path. */
public final class ToolGuard {
    private final ToolRuntime runtime;
    private final ToolCatalog catalog;
    private ToolInstrumentation instrumentation;

    private ToolGuard(ToolRuntime runtime, ToolCatalog catalog) {
        this.runtime = runtime;
        this.catalog = catalog;
    }

    /** Weaves the guard into tool classes loaded from now on and connects the bridge. */
    public static ToolGuard install(AgentConfig config, StoreHandle store, Instrumentation instrumentation) {
        ToolRuntime runtime = new ToolRuntime(config, store);
        ToolCatalog catalog = new ToolCatalog(config);
        ToolGuard guard = new ToolGuard(runtime, catalog);
        guard.instrumentation = new ToolInstrumentation(runtime, new ToolResolver(catalog), guard.new LoggedProblems());
        guard.instrumentation.install(instrumentation, catalog.configuredTypes());
        Dispatcher.install(new ToolDispatch(runtime));
        return guard;
    }

    /** Builds the weaver ahead of the first tool class (on the init thread). */
    public void prepareWeaver() {
        instrumentation.prepare();
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

        CheckedTool(ToolSpec spec, List<ConfigProblem.Issue> issues, boolean classFound, List<String> methods) {
            this.spec = spec;
            this.issues = issues;
            this.classFound = classFound;
            this.methods = methods;
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
                out.add(new CheckedTool(spec, List.of(), false, List.of()));
                continue;
            }
            TypePool.Resolution resolution = pool.describe(spec.method().typeName());
            if (!resolution.isResolved()) {
                out.add(new CheckedTool(spec, List.of(), false, List.of()));
                continue;
            }
            TypeDescription type = resolution.resolve();
            List<ConfigProblem.Issue> issues = new ArrayList<>();
            List<String> methods = new ArrayList<>();
            try {
                for (ToolResolver.Resolved r : resolver.resolve(type)) {
                    if (r.tool != catalog.definition(spec)) {
                        continue;
                    }
                    if (r.problem != null) {
                        if (!issues.stream().anyMatch(i -> i.message.equals(r.problem.message))) {
                            issues.add(r.problem);
                        }
                    } else {
                        methods.add(ToolResolver.signature(r.method));
                    }
                }
                if (type.isInterface() || type.isAbstract()) {
                    issues.addAll(resolver.checkAbstract(type, spec));
                }
            } catch (RuntimeException e) {
                issues.add(new ConfigProblem.Issue(spec.line(), "cannot read " + type.getName() + " (" + e + ")",
                        "check that the class path holds a complete build of the application"));
            }
            out.add(new CheckedTool(spec, issues, true, methods));
        }
        return out;
    }

    /** Reports problems found at class load time once each, saying what happens to the tool. */
    private final class LoggedProblems implements ToolInstrumentation.ProblemReport {
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
