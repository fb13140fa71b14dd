package dev.intentguard.agent.weave;

import dev.intentguard.agent.log.AgentLoggers;
import dev.intentguard.bridge.AdviceBootstrap;
import org.slf4j.Logger;

import java.lang.instrument.Instrumentation;
import java.lang.ref.WeakReference;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Links the {@code invokedynamic} call sites of called advice ({@link PluginContext#calledAdvice}) to the advice
 * methods, loaded in the plugin's {@link PluginClassLoader} for the instrumented class's loader. Each linked method is
 * wrapped so that whatever it throws (a library whose shape drifted: {@code NoSuchMethodError}, a
 * {@code ClassCastException}) is logged once per call site (a woven method in one application loader), naming the
 * plugin, the advice, the instrumented class and the
 * library version, and that call goes on as if the advice had done nothing (later calls try again: a fault in one
 * request's shape must not leave the next one unguarded); only a {@link HostFacingException} goes through to the host.
 */
public final class AdviceLinks implements AdviceBootstrap.Linker {
    private static final Logger LOG = AgentLoggers.named("intentguard");
    private static final AdviceLinks INSTANCE = new AdviceLinks();

    /** Made on the first link, not at start-up: method handles cost a cold JVM milliseconds to set up. */
    private static final class Handles {
        static final MethodHandle FAILED;

        static {
            try {
                FAILED = MethodHandles.lookup().findVirtual(Failure.class, "failed",
                        MethodType.methodType(void.class, Throwable.class));
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }
    }

    private final Map<String, AgentPlugin> plugins = new ConcurrentHashMap<>();
    /**
     * Per plugin, its loader for each application loader, both held weakly: the JVM keeps an application loader alive
     * from a loader that resolved classes through it, so a strong value here would pin an undeployed application. The
     * linked call sites (in the application's classes) keep a plugin loader alive as long as they live.
     */
    private final Map<String, Map<ClassLoader, WeakReference<PluginClassLoader>>> loaders = new ConcurrentHashMap<>();
    private final Set<String> linkFailures = ConcurrentHashMap.newKeySet();
    private final ClassLoader agentLoader = AdviceLinks.class.getClassLoader();
    private volatile Instrumentation instrumentation;

    private AdviceLinks() {
    }

    /** Installs the linker in the bridge (once; later calls do nothing). */
    static AdviceLinks installed() {
        AdviceBootstrap.install(INSTANCE);
        return INSTANCE;
    }

    /** The same, with the instrumentation that exports a plugin's {@link AgentPlugin#jdkInternals} to its loaders. */
    static AdviceLinks installed(Instrumentation instrumentation) {
        INSTANCE.instrumentation = instrumentation;
        return installed();
    }

    void register(AgentPlugin plugin) {
        plugins.putIfAbsent(plugin.name(), plugin);
    }

    /** Whether {@code plugin} has woven called advice (so its classes need {@code invokedynamic}). */
    boolean registered(AgentPlugin plugin) {
        return plugins.get(plugin.name()) == plugin;
    }

    @Override
    public MethodHandle link(MethodHandles.Lookup caller, String plugin, String adviceClass, String method, MethodType type) {
        AgentPlugin p = plugins.get(plugin);
        ClassLoader library = caller.lookupClass().getClassLoader();
        try {
            if (p == null) {
                throw new IllegalStateException("no plugin " + plugin);
            }
            Class<?> advice = Class.forName(adviceClass, true, loaderFor(p, library));
            MethodHandle target = MethodHandles.privateLookupIn(advice, MethodHandles.lookup()).findStatic(advice, method, type);
            Failure failure = new Failure(p, adviceClass, method, caller.lookupClass(), library);
            MethodHandle onFailure = MethodHandles.foldArguments(
                    MethodHandles.dropArguments(MethodHandles.empty(type), 0, Throwable.class), Handles.FAILED.bindTo(failure));
            return MethodHandles.catchException(target, Throwable.class, onFailure);
        } catch (Throwable t) {
            if (linkFailures.add(plugin + "/" + adviceClass + "." + method)) {
                LOG.warn("plugin {}: could not link {}.{} into {} ({}{}); that advice stays off", plugin, simple(adviceClass),
                        method, caller.lookupClass().getName(), String.valueOf(t), libraryVersion(p, library));
            }
            return null;
        }
    }

    PluginClassLoader loaderFor(AgentPlugin plugin, ClassLoader library) {
        Map<ClassLoader, WeakReference<PluginClassLoader>> perLibrary = loaders.computeIfAbsent(plugin.name(), n -> new WeakHashMap<>());
        ClassLoader key = library == null ? ClassLoader.getPlatformClassLoader() : library;
        synchronized (perLibrary) {
            WeakReference<PluginClassLoader> ref = perLibrary.get(key);
            PluginClassLoader loader = ref == null ? null : ref.get();
            if (loader == null) {
                loader = new PluginClassLoader(plugin.name(), plugin.getClass().getPackageName(), agentLoader, key);
                exportJdkInternals(plugin, loader);
                perLibrary.put(key, new WeakReference<>(loader));
            }
            return loader;
        }
    }

    /** The JDK packages {@code plugin} needs, exported to {@code loader}'s classes alone (a plugin's advice links fail without). */
    private void exportJdkInternals(AgentPlugin plugin, PluginClassLoader loader) {
        Set<String> packages = plugin.jdkInternals();
        Instrumentation inst = instrumentation;
        if (packages.isEmpty() || inst == null) {
            return;
        }
        for (String pkg : packages) {
            for (Module module : ModuleLayer.boot().modules()) {
                if (module.getPackages().contains(pkg)) {
                    inst.redefineModule(module, Set.of(), Map.of(pkg, Set.of(loader.getUnnamedModule())), Map.of(),
                            Set.of(), Map.of());
                }
            }
        }
    }

    private static String libraryVersion(AgentPlugin plugin, ClassLoader library) {
        SupportedLibrary supported = plugin == null ? null : plugin.library();
        if (supported == null) {
            return "";
        }
        String v = supported.versionIn(library);
        return ", " + supported.title() + " " + (v == null ? "(version unknown)" : v);
    }

    private static String simple(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }

    /** One linked advice: what it names in its one log line. */
    static final class Failure {
        private final AgentPlugin plugin;
        private final String advice;
        private final String method;
        private final String instrumented;
        private final ClassLoader library;
        private final AtomicBoolean logged = new AtomicBoolean();

        Failure(AgentPlugin plugin, String advice, String method, Class<?> instrumented, ClassLoader library) {
            this.plugin = plugin;
            this.advice = advice;
            this.method = method;
            this.instrumented = instrumented.getName();
            this.library = library;
        }

        @SuppressWarnings("unused") // through Handles.FAILED
        void failed(Throwable t) throws Throwable {
            if (t instanceof HostFacingException) {
                throw t;
            }
            if (logged.compareAndSet(false, true)) {
                LOG.warn("plugin {}: {}.{} failed in {} ({}{}); the host's call went on without it (logged once)",
                        plugin.name(), simple(advice), method, instrumented, String.valueOf(t), libraryVersion(plugin, library), t);
            }
        }
    }
}
