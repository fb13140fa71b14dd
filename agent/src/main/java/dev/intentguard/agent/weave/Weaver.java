package dev.intentguard.agent.weave;

import dev.intentguard.agent.config.AgentConfig;
import dev.intentguard.agent.log.AgentLoggers;
import dev.intentguard.bridge.Dispatcher;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.description.field.FieldDescription;
import net.bytebuddy.description.field.FieldList;
import net.bytebuddy.description.method.MethodList;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.dynamic.scaffold.MethodGraph;
import net.bytebuddy.dynamic.scaffold.TypeValidation;
import net.bytebuddy.dynamic.TypeResolutionStrategy;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.pool.TypePool;
import org.slf4j.Logger;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.IllegalClassFormatException;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The agent's one class file transformer. Every loaded class passes a gate of plain JDK code (the class
 * loader, then each plugin's cheap {@link AgentPlugin#mayTransform}); only classes a plugin claims reach
 * Byte Buddy, whose machinery is loaded off the main thread by {@link #prepare}. Byte Buddy is used directly
 * (describe, decorate, write) rather than through its {@code AgentBuilder}, which would load twice as many
 * classes before the first tool class could load.
 */
public final class Weaver {
    private static final Logger LOG = AgentLoggers.named("intentguard");

    private final List<AgentPlugin> plugins;
    private final Instrumentation instrumentation;
    private final DeferredWeaving deferred;
    /** While true (the application starts), claimed classes are left for {@link #weaveDeferred} ({@link #whileStarting}). */
    private volatile boolean deferring;
    /**
     * The classes left so far (loader and name): recorded before the gate reads {@link #deferring}, so that every class
     * left before the switch is in here when {@link #weaveDeferred} looks, even one not defined yet.
     */
    private final Set<String> leftWhileStarting = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final ClassLoader agentLoader = Weaver.class.getClassLoader();
    private volatile Weaving weaving;
    /** When the gate last saw a class load ({@link System#nanoTime}): how the agent knows the application's start has settled. */
    private volatile long lastClassSeen = System.nanoTime();

    private Weaver(List<AgentPlugin> plugins, Instrumentation instrumentation, DeferredWeaving deferred) {
        this.plugins = List.copyOf(plugins);
        this.instrumentation = instrumentation;
        this.deferred = deferred;
        this.deferring = deferred.pending();
    }

    /**
     * Starts the plugins and installs the gate; classes loaded from now on are offered to them, woven as they load or,
     * while {@code deferred} is pending, from {@link #weaveDeferred} on (see {@link #whileStarting}).
     */
    public static Weaver install(AgentConfig config, Instrumentation instrumentation, List<AgentPlugin> plugins,
                                 DeferredWeaving deferred) {
        PluginContext context = new PluginContext(config, instrumentation);
        List<AgentPlugin> started = new ArrayList<>();
        for (AgentPlugin plugin : plugins) {
            try {
                plugin.start(context);
                started.add(plugin);
            } catch (RuntimeException | LinkageError e) {
                LOG.error("plugin {} could not start ({}); what it instruments runs without it", plugin.name(), String.valueOf(e), e);
            }
        }
        Weaver w = new Weaver(started, instrumentation, deferred);
        for (AgentPlugin plugin : started) {                 // no stream, no lambda: premain spins a class for each
            if (plugin.instrumentsJdkClasses()) {
                w.letJdkModulesReadTheBridge();
                break;
            }
        }
        instrumentation.addTransformer(w.new Gate(), true);
        return w;
    }

    /** When a class last loaded ({@link System#nanoTime}), or when the weaver was installed. */
    public long lastClassSeen() {
        return lastClassSeen;
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
            Optional<Module> m = ModuleLayer.boot().findModule(name);
            if (m.isPresent()) {
                instrumentation.redefineModule(m.get(), Set.of(bridge), Map.of(), Map.of(), Set.of(), Map.of());
            }
        }
    }

    /**
     * Builds the weaving machinery on first use (Byte Buddy's type pool, advice and class writer: several hundred
     * classes): on the init thread, after the application's start (or at once after an attach, under the test kit), or
     * on the first class a plugin wants woven before then.
     */
    public Weaving prepare() {
        Weaving w = weaving;
        if (w == null) {
            synchronized (this) {
                w = weaving;
                if (w == null) {
                    w = new Weaving();
                    w.warmUp();
                    weaving = w;
                }
            }
        }
        return w;
    }

    /**
     * One class through Byte Buddy: describe it from its bytes, let the claiming plugins add their advice, write it.
     * Class format changes are disabled (no new members), so retransformation works; a class that cannot be woven runs
     * as it is, with one ERROR line.
     */
    final class Weaving {
        private final ByteBuddy byteBuddy = new ByteBuddy()
                .with(TypeValidation.DISABLED)
                .with(Implementation.Context.Disabled.Factory.INSTANCE)
                .with(MethodGraph.Compiler.ForDeclaredMethods.INSTANCE);
        private final ThreadLocal<Boolean> weaving = new ThreadLocal<>();

        /** Weaves {@link WarmUp} once, discarding the result: the weaving path is loaded before the first real class. */
        void warmUp() {
            try {
                ClassFileLocator agent = ClassFileLocator.ForClassLoader.of(Weaver.class.getClassLoader());
                TypePool pool = new TypePool.Default.WithLazyResolution(new TypePool.CacheProvider.Simple(),
                        new ClassFileLocator.Compound(agent, ClassFileLocator.ForClassLoader.ofBootLoader()),
                        TypePool.Default.ReaderMode.EXTENDED);
                TypeDescription type = pool.describe(WarmUp.class.getName()).resolve();
                byteBuddy.decorate(type, agent)
                        .visit(Advice.to(WarmUp.SampleAdvice.class, agent).on(net.bytebuddy.matcher.ElementMatchers.named("sample")))
                        .make(TypeResolutionStrategy.Disabled.INSTANCE, pool).getBytes();
            } catch (RuntimeException | LinkageError e) {
                LOG.debug("weaver warm-up failed ({}); the first class woven pays for it", String.valueOf(e));
            }
        }

        byte[] transform(ClassLoader loader, String internalName, byte[] classFile) {
            if (weaving.get() != null) {
                return null;                        // a class loaded while weaving another: never re-enter
            }
            weaving.set(Boolean.TRUE);
            String name = internalName.replace('/', '.');
            try {
                ClassFileLocator locator = new ClassFileLocator.Compound(ClassFileLocator.Simple.of(name, classFile),
                        loader == null ? ClassFileLocator.ForClassLoader.ofBootLoader()
                                : ClassFileLocator.ForClassLoader.WeaklyReferenced.of(loader));
                TypePool pool = new TypePool.Default.WithLazyResolution(new TypePool.CacheProvider.Simple(), locator,
                        TypePool.Default.ReaderMode.EXTENDED);   // parameter names from debug information too
                TypeDescription type = pool.describe(name).resolve();
                List<AgentPlugin> mine = new ArrayList<>(1);
                for (AgentPlugin p : plugins) {
                    if (offeredTo(p, loader) && p.matches(type, loader) && supported(p, loader)
                            && !leftForLater(p, loader, internalName)) {
                        mine.add(p);
                    }
                }
                if (mine.isEmpty()) {
                    return null;
                }
                DynamicType.Builder<?> builder = byteBuddy.decorate(type, locator);
                for (AgentPlugin p : mine) {
                    builder = p.transform(builder, type, loader);
                }
                if (majorVersion(classFile) < Opcodes.V1_7 && mine.stream().anyMatch(AdviceLinks.installed()::registered)) {
                    builder = builder.visit(ToJava7.INSTANCE);
                }
                return builder.make(TypeResolutionStrategy.Disabled.INSTANCE, pool).getBytes();
            } catch (Throwable t) {
                LOG.error("could not instrument {} ({}); it runs unchanged", name, String.valueOf(t), t);
                return null;
            } finally {
                weaving.remove();
            }
        }
    }

    private static int majorVersion(byte[] classFile) {
        return classFile == null || classFile.length < 8 ? Opcodes.V1_7 : ((classFile[6] & 0xff) << 8) | (classFile[7] & 0xff);
    }

    /**
     * Called advice is an {@code invokedynamic}, which a class file older than Java 7 may not hold (many libraries
     * still target Java 5 or 6: HttpClient 4): such a class is written as a Java 7 class file, its stack map frames
     * computed by Byte Buddy from the type pool (javac of those targets emits no {@code jsr}, which Java 7 forbids).
     */
    private enum ToJava7 implements AsmVisitorWrapper {
        INSTANCE;

        @Override
        public int mergeWriter(int flags) {
            return flags | ClassWriter.COMPUTE_FRAMES;
        }

        @Override
        public int mergeReader(int flags) {
            return flags;
        }

        @Override
        public ClassVisitor wrap(TypeDescription instrumentedType, ClassVisitor classVisitor, Implementation.Context context,
                                 TypePool typePool, FieldList<FieldDescription.InDefinedShape> fields, MethodList<?> methods,
                                 int writerFlags, int readerFlags) {
            return new ClassVisitor(Opcodes.ASM9, classVisitor) {
                @Override
                public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
                    super.visit(Math.max(version & 0xffff, Opcodes.V1_7), access, name, signature, superName, interfaces);
                }

                /** Every method is rewritten, not copied as it was: a Java 7 class file needs frames in each. */
                @Override
                public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                    return new MethodVisitor(Opcodes.ASM9, super.visitMethod(access, name, descriptor, signature, exceptions)) {
                    };
                }
            };
        }
    }

    /**
     * Re-weaves classes that were loaded before the agent started (JDK classes a plugin instruments that the
     * JVM had already loaded, or everything after an attach).
     */
    public void retransformLoaded() {
        List<Class<?>> targets = new ArrayList<>();
        for (Class<?> c : reweavable()) {
            ClassLoader loader = c.getClassLoader();
            String internal = c.getName().replace('.', '/');
            for (AgentPlugin p : plugins) {
                if (!(deferring && p.actsInsideToolCalls()) && offeredTo(p, loader) && p.mayTransform(loader, internal, null)) {
                    targets.add(c);
                    break;
                }
            }
        }
        retransform(targets);
    }

    /**
     * Weaves what the plugins left while the application started (the call-scoped plugins' classes, and those given a
     * light rewrite for the start, {@link AgentPlugin#whileStarting}): the recorded classes and every loaded class a
     * call-scoped plugin may transform (the JDK's loaded before premain), by retransformation. From the switch on,
     * classes are woven as they load. Guarded calls waiting in {@link DeferredWeaving#await} and tool calls held in
     * their {@link StartTrampoline} go on after.
     * @return how many classes it re-wove
     */
    public int weaveDeferred() {
        if (!deferring) {
            deferred.done();
            return 0;
        }
        deferring = false;
        try {
            prepare();
            return weaveLeftClasses();
        } catch (RuntimeException | LinkageError e) {
            LOG.error("could not weave the classes left while the application started ({}); guarded calls go on", String.valueOf(e), e);
            return 0;
        } finally {
            deferred.done();
        }
    }

    private int weaveLeftClasses() {
        List<Class<?>> targets = new ArrayList<>();
        for (Class<?> c : reweavable()) {
            ClassLoader loader = c.getClassLoader();
            String internal = c.getName().replace('.', '/');
            boolean left = leftWhileStarting.remove(left(loader, internal));
            if (left || claimedByCallScoped(loader, internal)) {
                targets.add(c);
            }
        }
        retransform(targets);
        int woven = targets.size();
        // A class left just before the switch may be defined only now (its loading thread was between our gate and the
        // JVM's definition when the loaded classes were listed): look for those again, for up to a second, while the
        // calls wait; then on a background thread, without holding them (another agent's slow transformer may sit
        // between ours and the definition).
        woven += weaveLate(50, 20);
        if (!leftWhileStarting.isEmpty()) {
            Thread later = new Thread(() -> {
                int more = weaveLate(600, 100);
                LOG.debug("{} classes left while the application started woven later{}", more, leftWhileStarting.isEmpty()
                        ? "" : "; never loaded (their loading failed): " + leftWhileStarting);
                leftWhileStarting.clear();
            }, "intentguard-late-weaving");
            later.setDaemon(true);
            later.start();
        }
        return woven;
    }

    /** Looks {@code times} at most, every {@code everyMillis}, for recorded classes defined since; weaves them. */
    private int weaveLate(int times, long everyMillis) {
        int woven = 0;
        for (int i = 0; i < times && !leftWhileStarting.isEmpty(); i++) {
            try {
                Thread.sleep(everyMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            List<Class<?>> late = new ArrayList<>();
            for (Class<?> c : instrumentation.getAllLoadedClasses()) {
                if (!c.isArray() && !c.isPrimitive()
                        && leftWhileStarting.remove(left(c.getClassLoader(), c.getName().replace('.', '/')))) {
                    late.add(c);
                }
            }
            retransform(late);
            woven += late.size();
        }
        return woven;
    }

    /** The loaded classes a plugin could re-weave: no arrays or primitives, none of the agent's own, modifiable ones. */
    private List<Class<?>> reweavable() {
        List<Class<?>> classes = new ArrayList<>();
        for (Class<?> c : instrumentation.getAllLoadedClasses()) {
            if (!c.isArray() && !c.isPrimitive() && c.getClassLoader() != agentLoader && instrumentation.isModifiableClass(c)) {
                classes.add(c);
            }
        }
        return classes;
    }

    private boolean claimedByCallScoped(ClassLoader loader, String internalName) {
        for (AgentPlugin p : plugins) {
            if (p.actsInsideToolCalls() && offeredTo(p, loader) && p.mayTransform(loader, internalName, null)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@code plugin} leaves this class for {@link #weaveDeferred}: a call-scoped plugin while the application
     * starts. The class is recorded first and {@link #deferring} read after, so that a class is either woven now or
     * recorded before the switch.
     */
    private boolean leftForLater(AgentPlugin plugin, ClassLoader loader, String internalName) {
        return plugin.actsInsideToolCalls() && deferring && recordedWhileStarting(loader, internalName);
    }

    /**
     * Records the class for {@link #weaveDeferred}, then reads {@link #deferring}: true if the class is left for it;
     * false (and not recorded) if the switch came first, so that the class is woven now.
     */
    private boolean recordedWhileStarting(ClassLoader loader, String internalName) {
        String key = left(loader, internalName);
        leftWhileStarting.add(key);
        if (deferring) {
            return true;
        }
        leftWhileStarting.remove(key);
        return false;
    }

    /**
     * While the application starts: what {@code plugin} defines for now for a class it claims (its class file, or a
     * light rewrite of it), the class recorded for {@link #weaveDeferred}; {@code null} to weave it with Byte Buddy now
     * (the plugin asks for it, or the start is over).
     */
    private byte[] whileStarting(AgentPlugin plugin, ClassLoader loader, String internalName, byte[] classFile) {
        if (!deferring || classFile == null) {
            return null;
        }
        byte[] forNow;
        try {
            forNow = plugin.actsInsideToolCalls() ? classFile : plugin.whileStarting(loader, internalName, classFile);
        } catch (RuntimeException | LinkageError e) {
            LOG.debug("plugin {} could not rewrite {} for the start ({}); it is woven now", plugin.name(), internalName,
                    String.valueOf(e));
            forNow = null;
        }
        return forNow != null && recordedWhileStarting(loader, internalName) ? forNow : null;
    }

    private static String left(ClassLoader loader, String internalName) {
        return System.identityHashCode(loader) + " " + internalName;
    }

    private void retransform(List<Class<?>> targets) {
        for (Class<?> c : targets) {
            try {
                instrumentation.retransformClasses(c);
            } catch (UnmodifiableClassException | RuntimeException | LinkageError e) {
                LOG.warn("could not re-weave already loaded {} ({})", c.getName(), String.valueOf(e));
            }
        }
    }

    /** Per plugin, the verdict on each loader's version of its library (weakly keyed: loaders come and go). */
    private final Map<AgentPlugin, Map<ClassLoader, Boolean>> versionChecked = new java.util.concurrent.ConcurrentHashMap<>();
    private final Set<String> versionsLogged = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** Whether {@code loader} holds a version of the plugin's library that it supports (or one that does not say). */
    private boolean supported(AgentPlugin plugin, ClassLoader loader) {
        SupportedLibrary library = plugin.library();
        if (library == null || loader == null) {
            return true;
        }
        Map<ClassLoader, Boolean> checked = versionChecked.computeIfAbsent(plugin, p -> new java.util.WeakHashMap<>());
        synchronized (checked) {
            Boolean known = checked.get(loader);
            if (known != null) {
                return known;
            }
        }
        String version = library.versionIn(loader);             // the loader's resources, read with no lock of ours held
        boolean ok = version == null || library.supports(version);
        if (!ok && versionsLogged.add(plugin.name() + " " + version)) {
            LOG.info("plugin {} is off for {} {}: it supports {} ({})", plugin.name(), library.title(), version,
                    library.describe(), loader.getName() == null ? loader.getClass().getName() : loader.getName());
        }
        synchronized (checked) {
            checked.putIfAbsent(loader, ok);
        }
        return ok;
    }

    private boolean offeredTo(AgentPlugin plugin, ClassLoader loader) {
        return plugin.instrumentsJdkClasses() || (loader != null && loader != ClassLoader.getPlatformClassLoader());
    }

    /** Plain JDK code in front of Byte Buddy: most classes leave here. */
    private final class Gate implements ClassFileTransformer {
        private final ClassLoader platformLoader = ClassLoader.getPlatformClassLoader();
        /** The plugins that see every class, in the plugins' order: what a class no plugin names is offered to. */
        private final AgentPlugin[] everyClass;
        /** For each class some plugins name ({@link AgentPlugin#claimedClasses}): those and the above, in the plugins' order. */
        private final Map<String, AgentPlugin[]> byClass = new HashMap<>();

        /** One pass over the plugins in their order: a plugin that sees every class joins every list made so far and later. */
        Gate() {
            List<AgentPlugin> all = new ArrayList<>();
            Map<String, List<AgentPlugin>> named = new HashMap<>();
            for (AgentPlugin p : plugins) {
                Set<String> claimed = p.claimedClasses();
                if (claimed == null) {
                    all.add(p);
                    for (List<AgentPlugin> offered : named.values()) {
                        offered.add(p);
                    }
                    continue;
                }
                for (String c : claimed) {          // no lambda: premain spins a class for each one it meets
                    List<AgentPlugin> offered = named.get(c);
                    if (offered == null) {
                        offered = new ArrayList<>(all);
                        named.put(c, offered);
                    }
                    offered.add(p);
                }
            }
            everyClass = all.toArray(new AgentPlugin[0]);
            for (Map.Entry<String, List<AgentPlugin>> e : named.entrySet()) {
                byClass.put(e.getKey(), e.getValue().toArray(new AgentPlugin[0]));
            }
        }

        @Override
        public byte[] transform(Module module, ClassLoader loader, String className, Class<?> redefined,
                                ProtectionDomain domain, byte[] classFile) throws IllegalClassFormatException {
            if (className == null || loader == agentLoader) {
                return null;
            }
            lastClassSeen = System.nanoTime();
            boolean jdk = loader == null || loader == platformLoader;
            AgentPlugin[] offered = byClass.getOrDefault(className, everyClass);
            for (AgentPlugin p : offered) {
                if ((!jdk || p.instrumentsJdkClasses()) && p.mayTransform(loader, className, classFile)) {
                    byte[] forNow = whileStarting(p, loader, className, classFile);
                    if (forNow == null) {
                        return prepare().transform(loader, className, classFile);
                    }
                    if (forNow != classFile) {
                        return forNow;
                    }
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
