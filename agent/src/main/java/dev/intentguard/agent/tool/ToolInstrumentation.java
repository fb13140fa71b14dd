package dev.intentguard.agent.tool;

import dev.intentguard.agent.config.ConfigProblem;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.dynamic.scaffold.TypeValidation;
import net.bytebuddy.matcher.ElementMatchers;
import net.bytebuddy.utility.JavaModule;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.IllegalClassFormatException;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.List;
import java.util.Set;

/**
 * Weaves {@link ToolAdvice} into tool methods as their classes load. A class goes through three gates:
 * the class loader (never the JDK's, never the agent's), the {@link ClassFilePrefilter} on the raw bytes,
 * and only then Byte Buddy's {@link ToolResolver}. Unlisted code is not instrumented, and an application
 * without tools never loads Byte Buddy's weaving machinery.
 */
final class ToolInstrumentation {
    private final ToolRuntime runtime;
    private final ToolResolver resolver;
    private final ProblemReport problems;
    private final ClassLoader agentLoader = ToolInstrumentation.class.getClassLoader();
    private final ThreadLocal<List<ToolResolver.Resolved>> matched = new ThreadLocal<>();
    private final ClassFileLocator adviceLocator = ClassFileLocator.ForClassLoader.of(agentLoader);
    private volatile ClassFileTransformer weaver;

    ToolInstrumentation(ToolRuntime runtime, ToolResolver resolver, ProblemReport problems) {
        this.runtime = runtime;
        this.resolver = resolver;
        this.problems = problems;
    }

    /**
     * Installs the gate. It is plain JDK code: Byte Buddy is built by {@link #prepare} on the agent's init
     * thread, and a tool class that loads before that waits for it.
     */
    void install(Instrumentation instrumentation, Set<String> configuredTypes) {
        ClassFilePrefilter prefilter = new ClassFilePrefilter(Set.of(ToolResolver.SIDE_EFFECT, ToolResolver.IDEMPOTENT),
                configuredTypes);
        instrumentation.addTransformer(new Gate(prefilter, agentLoader), true);
    }

    /** Builds the Byte Buddy weaver (about a thousand classes to load, so not in premain). */
    ClassFileTransformer prepare() {
        ClassFileTransformer w = weaver;
        if (w == null) {
            synchronized (this) {
                w = weaver;
                if (w == null) {
                    w = new AgentBuilder.Default(new ByteBuddy().with(TypeValidation.DISABLED))
                            .disableClassFormatChanges()
                            .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                            .with(AgentBuilder.TypeStrategy.Default.DECORATE)
                            .with(AgentBuilder.PoolStrategy.Default.EXTENDED)     // parameter names from debug information too
                            .with(AgentBuilder.DescriptionStrategy.Default.POOL_ONLY)
                            .with(AgentBuilder.LocationStrategy.ForClassLoader.WEAK)
                            .with(new Failures())
                            .ignore(ElementMatchers.none())
                            .type(this::matches)
                            .transform(this::weave)
                            .makeRaw();
                    weaver = w;
                }
            }
        }
        return w;
    }

    private boolean matches(TypeDescription type, ClassLoader loader, JavaModule module, Class<?> redefined,
                            ProtectionDomain domain) {
        List<ToolResolver.Resolved> found = resolver.resolve(type);
        List<ToolResolver.Resolved> bindable = new java.util.ArrayList<>();
        for (ToolResolver.Resolved r : found) {
            if (r.problem != null) {
                problems.report(r.problem, r.tool == null ? null : r.tool.name());
                if (r.method == null || !runtime.failClosed()) {
                    continue;
                }
            }
            bindable.add(r);
        }
        if (bindable.isEmpty()) {
            matched.remove();
            return false;
        }
        matched.set(bindable);
        return true;
    }

    private DynamicType.Builder<?> weave(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader,
                                         JavaModule module, ProtectionDomain domain) {
        List<ToolResolver.Resolved> found = matched.get();
        matched.remove();
        if (found == null) {
            return builder;
        }
        for (ToolResolver.Resolved r : found) {
            int id = runtime.bindings().nextId();
            MethodDescription m = r.method;
            List<TypeDescription> params = m.getParameters().asTypeList().asErasures();
            String[] paramNames = new String[params.size()];
            for (int i = 0; i < paramNames.length; i++) {
                paramNames[i] = params.get(i).getName();
            }
            runtime.bindings().add(new ToolBinding(id, r.tool, type.getName(), m.getName(), paramNames, r.recipe,
                    r.shape, primitiveZero(m.getReturnType().asErasure().getName()),
                    r.problem == null ? null : r.problem.message));
            builder = builder.visit(Advice.withCustomMapping()
                    .bind(BindingId.class, id)
                    .to(ToolAdvice.class, adviceLocator)
                    .on(ElementMatchers.is(m)));
            runtime.log().debug("guarding {} as {} ({})", ToolResolver.signature(m), r.tool.name(), r.tool.effect().configName());
        }
        return builder;
    }

    private static Object primitiveZero(String type) {
        switch (type) {
            case "boolean":
                return Boolean.FALSE;
            case "byte":
                return (byte) 0;
            case "char":
                return (char) 0;
            case "short":
                return (short) 0;
            case "int":
                return 0;
            case "long":
                return 0L;
            case "float":
                return 0f;
            case "double":
                return 0d;
            default:
                return null;
        }
    }

    /** A class that cannot be woven runs as it is, with one ERROR line saying so. */
    private final class Failures extends AgentBuilder.Listener.Adapter {
        @Override
        public void onError(String typeName, ClassLoader classLoader, JavaModule module, boolean loaded, Throwable throwable) {
            runtime.log().error("could not instrument {} ({}); its tools run unguarded", typeName, String.valueOf(throwable), throwable);
        }
    }

    /** The class loader and prefilter gates in front of Byte Buddy. */
    private final class Gate implements ClassFileTransformer {
        private final ClassFilePrefilter prefilter;
        private final ClassLoader agentLoader;
        private final ClassLoader platformLoader = ClassLoader.getPlatformClassLoader();

        Gate(ClassFilePrefilter prefilter, ClassLoader agentLoader) {
            this.prefilter = prefilter;
            this.agentLoader = agentLoader;
        }

        @Override
        public byte[] transform(Module module, ClassLoader loader, String className, Class<?> redefined,
                                ProtectionDomain domain, byte[] classFile) throws IllegalClassFormatException {
            if (loader == null || loader == platformLoader || loader == agentLoader || className == null
                    || !prefilter.mayDeclareTool(loader, classFile)) {
                return null;
            }
            return prepare().transform(module, loader, className, redefined, domain, classFile);
        }

        @Override
        public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain,
                                byte[] classFile) throws IllegalClassFormatException {
            return transform(null, loader, className, redefined, domain, classFile);
        }
    }

    /** Problems found while classes load, each reported once. */
    interface ProblemReport {
        void report(ConfigProblem.Issue issue, String tool);
    }
}
