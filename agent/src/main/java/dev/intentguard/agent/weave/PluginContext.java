package dev.intentguard.agent.weave;

import dev.intentguard.agent.config.AgentConfig;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;

import dev.intentguard.bridge.AdviceBootstrap;
import net.bytebuddy.description.annotation.AnnotationDescription;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.utility.JavaConstant;

import java.lang.annotation.Annotation;
import java.lang.instrument.Instrumentation;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.util.List;

/** What a plugin gets at start-up. */
public final class PluginContext {
    private final AgentConfig config;
    private final Instrumentation instrumentation;
    /** Made when a plugin first weaves, not in premain (Byte Buddy's locator classes load with it). */
    private volatile ClassFileLocator adviceLocator;
    private final AdviceLinks links;

    PluginContext(AgentConfig config, Instrumentation instrumentation) {
        this.config = config;
        this.instrumentation = instrumentation;
        this.links = AdviceLinks.installed(instrumentation);
    }

    public AgentConfig config() {
        return config;
    }

    public Instrumentation instrumentation() {
        return instrumentation;
    }

    /** Reads advice class files from the agent's own loader (they are not visible to the host). */
    public ClassFileLocator adviceLocator() {
        ClassFileLocator locator = adviceLocator;
        if (locator == null) {
            // A race makes two equal locators: harmless.
            adviceLocator = locator = ClassFileLocator.ForClassLoader.of(PluginContext.class.getClassLoader());
        }
        return locator;
    }

    /** {@code Advice.to(adviceClass)} reading the advice from the agent's loader. */
    public Advice advice(Class<?> adviceClass) {
        return Advice.to(adviceClass, adviceLocator());
    }

    /**
     * The same for advice that names a library's types (an OkHttp {@code Request} parameter), which the agent's
     * loader cannot load: the advice is described from its class file, its types from the agent's loader, the
     * instrumented class's {@code loader} and the bootstrap path (the bridge).
     */
    public Advice advice(Class<?> adviceClass, ClassLoader loader) {
        return Advice.to(describe(adviceClass, loader), adviceLocator());
    }

    /**
     * Advice that is called, not inlined: the woven code makes one {@code invokedynamic} call per advice method, which
     * {@link AdviceBootstrap} links to the method loaded in {@code plugin}'s own class loader for {@code loader}
     * ({@link AdviceLinks}). The advice and the plain classes of its package may then use the library's types and the
     * agent's classes (the HTTP guard) directly; nothing of the plugin needs to be on the bootstrap path. Such advice
     * has no {@code @Advice.Local}; what enter hands to exit is its return value, and exit advice that changes the
     * instrumented method's return value returns it ({@code @Advice.AssignReturned.ToReturned}).
     */
    public Advice calledAdvice(AgentPlugin plugin, Class<?> adviceClass, ClassLoader loader) {
        TypeDescription advice = describe(adviceClass, loader);
        for (MethodDescription.InDefinedShape m : advice.getDeclaredMethods()) {
            for (Class<? extends Annotation> kind : List.of(Advice.OnMethodEnter.class, Advice.OnMethodExit.class)) {
                AnnotationDescription a = m.getDeclaredAnnotations().ofType(kind);
                if (a != null && a.getValue("inline").resolve(Boolean.class)) {
                    throw new IllegalArgumentException(adviceClass.getName() + "." + m.getName()
                            + " is called advice: its annotation needs inline = false");
                }
            }
        }
        links.register(plugin);
        List<JavaConstant> names = List.of(JavaConstant.Simple.ofLoaded(plugin.name()),
                JavaConstant.Simple.ofLoaded(adviceClass.getName()));
        return Advice.withCustomMapping()
                .bootstrap(Bootstrap.METHOD, (adviceMethod, exit) -> (instrumentedType, instrumentedMethod) -> names)
                .with(new Advice.AssignReturned.Factory())
                .to(advice, adviceLocator());
    }

    /**
     * Lets code the plugin writes without Byte Buddy (an ASM hook while the application starts) call its classes through
     * {@link AdviceBootstrap}, as called advice does: its {@code invokedynamic} sites name the plugin, which the linker
     * must know before the first of them runs.
     */
    public void linkCalledCode(AgentPlugin plugin) {
        links.register(plugin);
    }

    /**
     * A class of {@code plugin}'s package loaded in the plugin's own class loader for {@code library} (the loader its
     * called advice gets): it may use the library's types as the application's loader sees them and the agent's classes.
     * For plugins that reach a library of the host without weaving it (the host's metrics).
     */
    public Class<?> pluginClass(AgentPlugin plugin, String className, ClassLoader library) throws ClassNotFoundException {
        return Class.forName(className, true, links.loaderFor(plugin, library));
    }

    /** The bridge's bootstrap method, looked up on the first called advice (never for hosts without such a library). */
    private static final class Bootstrap {
        static final Method METHOD;

        static {
            try {
                METHOD = AdviceBootstrap.class.getMethod("bootstrap", MethodHandles.Lookup.class, String.class,
                        MethodType.class, String.class, String.class);
            } catch (NoSuchMethodException e) {
                throw new ExceptionInInitializerError(e);
            }
        }
    }

    /** The advice described from its class file; its types from the agent's loader, {@code loader} and the boot path. */
    private TypeDescription describe(Class<?> adviceClass, ClassLoader loader) {
        ClassFileLocator types = new ClassFileLocator.Compound(adviceLocator(),
                loader == null ? ClassFileLocator.ForClassLoader.ofBootLoader() : ClassFileLocator.ForClassLoader.of(loader),
                ClassFileLocator.ForClassLoader.ofBootLoader());
        return TypePool.Default.of(types).describe(adviceClass.getName()).resolve();
    }
}
