package dev.intentguard.agent.weave;

import dev.intentguard.agent.config.AgentConfig;
import dev.intentguard.api.bridge.Dispatcher;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.dynamic.scaffold.TypeValidation;
import net.bytebuddy.matcher.ElementMatchers;
import net.bytebuddy.utility.JavaModule;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.IllegalClassFormatException;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The agent's one class file transformer. Every loaded class passes a gate of plain JDK code (the class
 * loader, then each plugin's cheap {@link AgentPlugin#mayTransform}); only classes a plugin claims reach
 * Byte Buddy, whose weaving machinery is built off the main thread by {@link #prepare}.
 */
public final class Weaver {
    private static final Logger LOG = LoggerFactory.getLogger("intentguard");

    private final List<AgentPlugin> plugins;
    private final Instrumentation instrumentation;
    private final ClassLoader agentLoader = Weaver.class.getClassLoader();
    private final ThreadLocal<List<AgentPlugin>> claimed = new ThreadLocal<>();
    private volatile ClassFileTransformer byteBuddy;

    private Weaver(List<AgentPlugin> plugins, Instrumentation instrumentation) {
        this.plugins = List.copyOf(plugins);
        this.instrumentation = instrumentation;
    }

    /** Starts the plugins and installs the gate; classes loaded from now on are offered to them. */
    public static Weaver install(AgentConfig config, Instrumentation instrumentation, List<AgentPlugin> plugins) {
        PluginContext context = new PluginContext(config, instrumentation,
                ClassFileLocator.ForClassLoader.of(Weaver.class.getClassLoader()));
        List<AgentPlugin> started = new ArrayList<>();
        for (AgentPlugin plugin : plugins) {
            try {
                plugin.start(context);
                started.add(plugin);
            } catch (RuntimeException | LinkageError e) {
                LOG.error("plugin {} could not start ({}); what it instruments runs without it", plugin.name(), String.valueOf(e), e);
            }
        }
        Weaver w = new Weaver(started, instrumentation);
        if (started.stream().anyMatch(AgentPlugin::instrumentsJdkClasses)) {
            w.letJdkModulesReadTheBridge();
        }
        instrumentation.addTransformer(w.new Gate(), true);
        return w;
    }

    public List<AgentPlugin> plugins() {
        return plugins;
    }

    /**
     * Advice woven into a JDK class calls the bridge, which lives in the bootstrap loader's unnamed module;
     * named JDK modules do not read it unless told to.
     */
    private void letJdkModulesReadTheBridge() {
        Module bridge = Dispatcher.class.getModule();
        for (String name : new String[] {"java.base", "java.net.http"}) {
            ModuleLayer.boot().findModule(name).ifPresent(m ->
                    instrumentation.redefineModule(m, Set.of(bridge), Map.of(), Map.of(), Set.of(), Map.of()));
        }
    }

    /** Builds Byte Buddy's weaving machinery (about a thousand classes: not in premain). */
    public ClassFileTransformer prepare() {
        ClassFileTransformer t = byteBuddy;
        if (t == null) {
            synchronized (this) {
                t = byteBuddy;
                if (t == null) {
                    t = new AgentBuilder.Default(new ByteBuddy().with(TypeValidation.DISABLED))
                            .disableClassFormatChanges()
                            .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                            .with(AgentBuilder.TypeStrategy.Default.DECORATE)
                            .with(AgentBuilder.PoolStrategy.Default.EXTENDED)     // parameter names from debug information too
                            .with(AgentBuilder.DescriptionStrategy.Default.POOL_ONLY)
                            .with(AgentBuilder.LocationStrategy.ForClassLoader.WEAK)
                            .with(new Failures())
                            .ignore(ElementMatchers.none())
                            .type(this::matches)
                            .transform(this::transform)
                            .makeRaw();
                    byteBuddy = t;
                }
            }
        }
        return t;
    }

    /**
     * Re-weaves classes that were loaded before the agent started (JDK classes a plugin instruments that the
     * JVM had already loaded, or everything after an attach).
     */
    public void retransformLoaded() {
        List<Class<?>> targets = new ArrayList<>();
        for (Class<?> c : instrumentation.getAllLoadedClasses()) {
            if (c.isArray() || c.isPrimitive() || !instrumentation.isModifiableClass(c)) {
                continue;
            }
            ClassLoader loader = c.getClassLoader();
            String internal = c.getName().replace('.', '/');
            for (AgentPlugin p : plugins) {
                if (offeredTo(p, loader) && p.mayTransform(loader, internal, null)) {
                    targets.add(c);
                    break;
                }
            }
        }
        for (Class<?> c : targets) {
            try {
                instrumentation.retransformClasses(c);
            } catch (UnmodifiableClassException | RuntimeException | LinkageError e) {
                LOG.warn("could not re-weave already loaded {} ({})", c.getName(), String.valueOf(e));
            }
        }
    }

    private boolean offeredTo(AgentPlugin plugin, ClassLoader loader) {
        return plugin.instrumentsJdkClasses() || (loader != null && loader != ClassLoader.getPlatformClassLoader());
    }

    private boolean matches(TypeDescription type, ClassLoader loader, JavaModule module, Class<?> redefined, ProtectionDomain domain) {
        List<AgentPlugin> mine = new ArrayList<>(1);
        for (AgentPlugin p : plugins) {
            if (offeredTo(p, loader) && p.matches(type, loader)) {
                mine.add(p);
            }
        }
        if (mine.isEmpty()) {
            claimed.remove();
            return false;
        }
        claimed.set(mine);
        return true;
    }

    private DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader,
                                             JavaModule module, ProtectionDomain domain) {
        List<AgentPlugin> mine = claimed.get();
        claimed.remove();
        if (mine == null) {
            return builder;
        }
        for (AgentPlugin p : mine) {
            builder = p.transform(builder, type, loader);
        }
        return builder;
    }

    /** A class that cannot be woven runs as it is, with one ERROR line saying so. */
    private static final class Failures extends AgentBuilder.Listener.Adapter {
        @Override
        public void onError(String typeName, ClassLoader classLoader, JavaModule module, boolean loaded, Throwable throwable) {
            LOG.error("could not instrument {} ({}); it runs unchanged", typeName, String.valueOf(throwable), throwable);
        }
    }

    /** Plain JDK code in front of Byte Buddy: most classes leave here. */
    private final class Gate implements ClassFileTransformer {
        private final ClassLoader platformLoader = ClassLoader.getPlatformClassLoader();

        @Override
        public byte[] transform(Module module, ClassLoader loader, String className, Class<?> redefined,
                                ProtectionDomain domain, byte[] classFile) throws IllegalClassFormatException {
            if (className == null || loader == agentLoader) {
                return null;
            }
            boolean jdk = loader == null || loader == platformLoader;
            for (AgentPlugin p : plugins) {
                if ((!jdk || p.instrumentsJdkClasses()) && p.mayTransform(loader, className, classFile)) {
                    return prepare().transform(module, loader, className, redefined, domain, classFile);
                }
            }
            return null;
        }

        @Override
        public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain,
                                byte[] classFile) throws IllegalClassFormatException {
            return transform(null, loader, className, redefined, domain, classFile);
        }
    }
}
