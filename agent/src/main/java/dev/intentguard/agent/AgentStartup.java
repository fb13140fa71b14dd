package dev.intentguard.agent;

import dev.intentguard.agent.audit.AuditRecorder;
import dev.intentguard.agent.config.AgentArguments;
import dev.intentguard.agent.config.AgentConfig;
import dev.intentguard.agent.config.ConfigLoader;
import dev.intentguard.agent.config.ConfigProblem;
import dev.intentguard.agent.config.ConfigWatch;
import dev.intentguard.agent.config.Effect;
import dev.intentguard.agent.config.OnError;
import dev.intentguard.agent.config.ToolSpec;
import dev.intentguard.agent.http.HttpGuard;
import dev.intentguard.agent.log.AgentLoggers;
import dev.intentguard.agent.wire.NetworkWatch;
import dev.intentguard.bridge.NetworkWrites;
import dev.intentguard.agent.retry.RetryDecisions;
import dev.intentguard.agent.json.AgentJson;
import dev.intentguard.agent.kit.TestKit;
import dev.intentguard.agent.store.ChronicleAccess;
import dev.intentguard.agent.config.StoreSettings;
import dev.intentguard.agent.store.ChronicleIntentStore;
import dev.intentguard.agent.store.InMemoryIntentStore;
import dev.intentguard.agent.store.IntentStore;
import dev.intentguard.agent.store.StoreUnavailableException;
import dev.intentguard.agent.store.SharedStores;
import dev.intentguard.agent.store.StoreHandle;
import dev.intentguard.agent.tool.ToolGuard;
import dev.intentguard.agent.weave.AgentPlugin;
import dev.intentguard.agent.weave.DeferredWeaving;
import dev.intentguard.agent.weave.PluginList;
import dev.intentguard.agent.weave.Weaver;
import dev.intentguard.bridge.DescribeDispatch;
import dev.intentguard.bridge.Dispatcher;
import dev.intentguard.bridge.RetryDispatch;
import net.bytebuddy.dynamic.ClassFileLocator;
import org.slf4j.Logger;

import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The agent core's entry, called by premain (or agentmain) inside the isolated loader. It reads and checks
 * the config, weaves the tool guard, and says so in one line; a background thread opens the store once the
 * application's start has settled or a guarded call needs it ({@link StartSettling}).
 * Anything wrong ends in one clear error: the application then runs without intentguard
 * ({@code fail-open}), or the JVM exits before {@code main} ({@code fail-closed}).
 */
public final class AgentStartup {
    /** Exit status of a JVM stopped by a fail-closed configuration error (EX_CONFIG). */
    public static final int EXIT_CONFIG = 78;

    private static final Logger LOG = AgentLoggers.named("intentguard");

    private AgentStartup() {
    }

    public static void start(String arguments, Instrumentation instrumentation, boolean attached, long startNanos) {
        if (Dispatcher.installed()) {
            LOG.warn("intentguard is already running in this JVM; this second start is ignored");
            return;
        }
        AgentArguments args = AgentArguments.parse(arguments);
        Path configPath = args.configPath();
        OnError onError = args.onErrorOverride();
        AgentConfig config;
        try {
            config = configPath == null ? ConfigLoader.defaults() : ConfigLoader.load(configPath);
            List<ConfigProblem.Issue> issues = failClosed(config, onError) ? checkBeforeMain(config) : List.of();
            if (!issues.isEmpty()) {
                throw new ConfigProblem(config.sourceName(), issues);
            }
        } catch (ConfigProblem problem) {
            if (onError == null) {
                onError = configPath == null ? OnError.FAIL_OPEN : ConfigLoader.onErrorOf(configPath.toAbsolutePath());
            }
            refuse(problem, onError);
            return;
        }
        if (onError != null && onError != config.onError()) {
            config = config.withOnError(onError);
        }
        Path testKit = args.testKitFolder();
        if (testKit != null) {
            config = config.withStore(config.store().fileAt(testKit.resolve("intents.dat")));
        }

        ChronicleAccess.grant(instrumentation);
        StoreHandle store = StoreHandle.pending(config.store().description());
        AuditRecorder recorder = AuditRecorder.create(config, store);
        NetworkWatch network = new NetworkWatch();
        ToolGuard guard = ToolGuard.create(config, store, recorder, network);
        List<AgentPlugin> plugins = new ArrayList<>();
        plugins.add(guard.plugin());
        List<String> found = new ArrayList<>();
        for (AgentPlugin plugin : PluginList.load(AgentStartup.class.getClassLoader())) {
            found.add(plugin.name());
            if (config.plugins().enabled(plugin.name())) {
                plugins.add(plugin);
            }
        }
        for (String off : config.plugins().off()) {
            if (!found.contains(off)) {
                LOG.error("{}, line {}: plugins: \"{}\" names no plugin, so nothing was switched off; the plugins are {}",
                        config.sourceName(), config.plugins().lineOf(off), off, String.join(", ", found));
            }
        }
        new HttpGuard(config).install();
        recorder.telemetry().install();
        NetworkWrites.install(network);
        RetryDispatch.install(new RetryDecisions(config).install());
        // No class goes through Byte Buddy until the start has settled or a guarded call asks (nothing deferred after an
        // attach, when the application's start is long over, or under the test kit).
        DeferredWeaving deferred = attached || testKit != null ? DeferredWeaving.none() : DeferredWeaving.untilSettled();
        guard.connect(deferred, instrumentation);
        DescribeDispatch.install(guard.describer(deferred));
        Weaver weaver = Weaver.install(config, instrumentation, plugins, deferred);
        // Named classes, not lambdas, here and in what the start-up thread does before its wait: a cold JVM spins a
        // hidden class for each lambda it meets (0.3-0.5 ms each here, docs/performance.md), on the application's main
        // thread in premain, on its other core beside it. IsolationIT fails if one comes back before main.
        Thread init = new Thread(new Init(config, attached, testKit, startNanos, store, recorder, guard, weaver, deferred),
                "intentguard-init");
        init.setDaemon(true);
        // Chronicle finds its own service providers through the context class loader.
        init.setContextClassLoader(AgentStartup.class.getClassLoader());
        init.start();
        Runtime.getRuntime().addShutdownHook(new Thread(new Close(guard, recorder, store), "intentguard-store-close"));
        LOG.info("intentguard {} {} in {} ms: config {}, {}, store {}, mode {}, on-error {}", Version.current(),
                attached ? "attached" : "started", (System.nanoTime() - startNanos) / 1_000_000,
                config.source() == null ? "none (annotated tools only)" : config.source(), describeTools(config),
                config.store().description(), config.mode().configName(), config.onError().configName());
    }

    /**
     * The start-up thread: heavy lifting off the application's main thread, once the start has settled or a guarded
     * call asks (the calls wait for it at their start, tool calls in their StartTrampoline).
     */
    private static final class Init implements Runnable, LongSupplier, BooleanSupplier {
        private final AgentConfig settings;
        private final boolean attached;
        private final Path testKit;
        private final long startNanos;
        private final StoreHandle store;
        private final AuditRecorder recorder;
        private final ToolGuard guard;
        private final Weaver weaver;
        private final DeferredWeaving deferred;

        Init(AgentConfig settings, boolean attached, Path testKit, long startNanos, StoreHandle store, AuditRecorder recorder,
             ToolGuard guard, Weaver weaver, DeferredWeaving deferred) {
            this.settings = settings;
            this.attached = attached;
            this.testKit = testKit;
            this.startNanos = startNanos;
            this.store = store;
            this.recorder = recorder;
            this.guard = guard;
            this.weaver = weaver;
            this.deferred = deferred;
        }

        /** For {@link StartSettling}: when a class last loaded. */
        @Override
        public long getAsLong() {
            return weaver.lastClassSeen();
        }

        /** For {@link StartSettling}: whether a guarded call asks for the store. */
        @Override
        public boolean getAsBoolean() {
            return store.wanted();
        }

        @Override
        public void run() {
            String why = "an error";
            try {
                if (!deferred.pending()) {
                    weaver.prepare();               // no start to wait for: Byte Buddy now (else after the start)
                }
                weaver.retransformLoaded();
                if (settings.source() != null) {
                    ConfigWatch.start(settings.source(), 1000, new Reload(guard));
                }
                store.whenWanted(new Unpark(Thread.currentThread()));   // a guarded call wakes the wait below
                why = attached ? "attached to a running application" : testKit != null ? "test kit"
                        : StartSettling.await(this, this, StartSettling.QUIET_MILLIS, StartSettling.LONGEST_MILLIS).words;
            } catch (RuntimeException | LinkageError e) {
                // never leave guarded calls waiting for a weaving that would not come
                LOG.error("intentguard's start-up thread failed ({}); it goes on with the store", String.valueOf(e), e);
            }
            long deferredAt = System.nanoTime();
            // The store opens on a thread of its own, beside the weaving: a call made at once waits for both, and on
            // two cores doing them one after the other cost the first call about 0.5 s more (Chronicle's file ~0.5 s,
            // the weaving ~0.5 s; docs/performance.md).
            Thread opener = new Thread(() -> store.open(() -> openStore(settings)), "intentguard-store-open");
            opener.setDaemon(true);
            opener.setContextClassLoader(AgentStartup.class.getClassLoader());
            opener.start();
            try {
                recorder.warmUp();                  // JFR's event classes before the waiting calls go on and begin theirs
            } catch (RuntimeException | LinkageError e) {
                LOG.error("intentguard could not load its JFR events ({}); guarded calls go on without them", String.valueOf(e), e);
            }
            int woven = weaver.weaveDeferred();     // lets the waiting calls go on (to wait for the store on their own)
            LOG.debug("intentguard goes on because {}: {} classes left while the application started woven in {} ms",
                    why, woven, (System.nanoTime() - deferredAt) / 1_000_000);
            AgentJson.warmUp();                     // while the store opens: the first call's reply and journal line
            joinQuietly(opener);
            guard.startReconciler();
            if (settings.audit().jmx()) {
                recorder.registerMBean(guard.directory());     // after start-up: the host may set up JMX itself first
            }
            if (testKit != null) {
                // last: the kit takes the MBean for "the agent can guard a call" (classes already loaded woven)
                TestKit.register(testKit, store, recorder, settings.store().openTimeout());
            }
            LOG.debug("intentguard ready {} ms after premain: store, JSON and MBean {} ms from when {}",
                    (System.nanoTime() - startNanos) / 1_000_000, (System.nanoTime() - deferredAt) / 1_000_000, why);
        }
    }

    /** A new valid version of the config file reaches the guard. */
    private static final class Reload implements Consumer<AgentConfig> {
        private final ToolGuard guard;

        Reload(ToolGuard guard) {
            this.guard = guard;
        }

        @Override
        public void accept(AgentConfig next) {
            guard.reload(next);
        }
    }

    /** Wakes the start-up thread's wait when a guarded call asks for the store. */
    private static final class Unpark implements Runnable {
        private final Thread waiting;

        Unpark(Thread waiting) {
            this.waiting = waiting;
        }

        @Override
        public void run() {
            LockSupport.unpark(waiting);
        }
    }

    /** The shutdown hook: the background rounds stop, the audit is flushed, the store closes. */
    private static final class Close implements Runnable {
        private final ToolGuard guard;
        private final AuditRecorder recorder;
        private final StoreHandle store;

        Close(ToolGuard guard, AuditRecorder recorder, StoreHandle store) {
            this.guard = guard;
            this.recorder = recorder;
            this.store = store;
        }

        @Override
        public void run() {
            guard.stopReconciler();
            recorder.close(2_000);
            store.close(2_000);             // an open under way finishes and closes: no recovery for the next process
        }
    }

    private static void joinQuietly(Thread thread) {
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The persisted store, or, on a runtime that lacks a module Chronicle needs (a jlink image), an in-memory store
     * under fail-open, with a loud error: intents are then guarded for this run only.
     */
    private static IntentStore openStore(AgentConfig config) throws Exception {
        if (config.store().shared()) {
            return SharedStores.open(config.store());
        }
        List<String> missing = ChronicleIntentStore.missingModules();
        if (!missing.isEmpty()) {
            String reason = "this Java runtime lacks the module" + (missing.size() == 1 ? " " : "s ") + String.join(", ", missing)
                    + " that the persisted intent store needs (a jlink image?). Add " + (missing.size() == 1 ? "it" : "them")
                    + " to the image: jlink --add-modules " + String.join(",", missing);
            if (config.onError() == OnError.FAIL_CLOSED) {
                throw new StoreUnavailableException(reason, null);
            }
            LOG.error("{}.\n  Intents are kept IN MEMORY for this run only (on-error: fail-open): a restart forgets them, "
                    + "and other processes do not see them.", reason);
            return new InMemoryIntentStore();
        }
        StoreSettings s = config.store();
        ChronicleIntentStore store = ChronicleIntentStore.open(s.path(), s.maxIntents(), s.maxResultBytes(), s.lockTimeout());
        if (store.recovered()) {
            LOG.info("intent store {} repaired at opening: a process that used it ended without closing it", s.path());
        }
        return store;
    }

    private static boolean failClosed(AgentConfig config, OnError override) {
        return (override != null ? override : config.onError()) == OnError.FAIL_CLOSED;
    }

    /**
     * What can be checked before main: each configured class found on the system class path. Only
     * fail-closed needs it (to stop before main); fail-open reports the same problems as the classes load.
     */
    private static List<ConfigProblem.Issue> checkBeforeMain(AgentConfig config) {
        List<ConfigProblem.Issue> issues = new ArrayList<>();
        boolean byMethod = false;
        for (ToolSpec t : config.tools()) {                 // a loop, not a stream: this is premain
            byMethod |= t.method() != null;
        }
        if (!byMethod) {
            return issues;
        }
        for (ToolGuard.CheckedTool checked : ToolGuard.check(config, ClassFileLocator.ForClassLoader.ofSystemLoader())) {
            issues.addAll(checked.issues);
            if (!checked.classFound && checked.spec.method() != null) {
                LOG.warn("config {}:{}: class {} is not on the system class path; it is checked when it loads (a class that "
                        + "never loads is never guarded: check the name with `java -jar intentguard-agent.jar check`)",
                        config.sourceName(), checked.spec.line(), checked.spec.method().typeName());
            }
        }
        return issues;
    }

    private static void refuse(ConfigProblem problem, OnError onError) {
        if (onError == OnError.FAIL_CLOSED) {
            LOG.error("{}\n  The JVM stops before main (on-error: fail-closed, exit status {}).", problem.render(), EXIT_CONFIG);
            System.err.flush();
            System.exit(EXIT_CONFIG);
        }
        LOG.error("{}\n  intentguard is off for this run (on-error: fail-open): the application runs without it.",
                problem.render());
    }

    private static String describeTools(AgentConfig config) {
        int sideEffect = 0;
        int idempotent = 0;
        int read = 0;
        int annotated = 0;
        for (ToolSpec t : config.tools()) {
            if (t.method() == null) {
                annotated++;
            } else if (t.effect() == Effect.SIDE_EFFECT) {
                sideEffect++;
            } else if (t.effect() == Effect.IDEMPOTENT) {
                idempotent++;
            } else {
                read++;
            }
        }
        return (sideEffect + idempotent + read) + " configured tools (" + sideEffect + " side_effect, " + idempotent
                + " idempotent, " + read + " read" + (annotated > 0 ? ", " + annotated + " settings for annotated tools" : "")
                + ") plus annotated ones";
    }
}
