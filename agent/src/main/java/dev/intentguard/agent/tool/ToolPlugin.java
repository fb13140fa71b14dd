package dev.intentguard.agent.tool;

import dev.intentguard.agent.config.ConfigProblem;
import dev.intentguard.agent.tool.bind.ClassFilePrefilter;
import dev.intentguard.agent.tool.bind.ToolBinding;
import dev.intentguard.agent.tool.bind.ToolCatalog;
import dev.intentguard.agent.tool.bind.ToolResolver;
import dev.intentguard.agent.weave.AgentPlugin;
import dev.intentguard.agent.weave.StartTrampoline;
import dev.intentguard.agent.weave.PluginContext;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.matcher.ElementMatchers;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Weaves {@link ToolAdvice} into tool methods as their classes load (while the application starts, a
 * {@link StartTrampoline} until they are woven after it). The {@link ClassFilePrefilter} looks
 * at the raw bytes first (does the class mention one of our annotations or a configured type?); only
 * then {@link ToolResolver} reads the type through Byte Buddy. Unlisted code is not instrumented.
 */
final class ToolPlugin implements AgentPlugin {
    private final ToolRuntime runtime;
    /**
     * What a class's tools are is worked out by a {@link ToolResolver} made when a class is woven: made here, it would be
     * linked in premain, and its verification loads some twenty of Byte Buddy's description classes then.
     */
    private final ToolCatalog catalog;
    private final ProblemReport problems;
    private final ClassFilePrefilter prefilter;
    private final Set<String> configuredInternalNames = new java.util.HashSet<>();
    /**
     * While the application starts: the methods that get a {@link StartTrampoline}, by name (the configured tools but
     * the {@code read} ones, whose calls are not guarded) and by annotation.
     */
    private final Set<String> configuredMethodNames;
    /** Told of each class given start trampolines (its tools' descriptions are read ahead), once connected. */
    private volatile ToolDescriptions trampolined;
    private final Set<String> markerDescriptors = new java.util.HashSet<>();
    private final ThreadLocal<List<ToolResolver.Resolved>> matched = new ThreadLocal<>();
    private PluginContext context;

    ToolPlugin(ToolRuntime runtime, ToolCatalog catalog, ProblemReport problems) {
        this.runtime = runtime;
        this.catalog = catalog;
        this.problems = problems;
        this.prefilter = new ClassFilePrefilter(markers(catalog.config().discover()), catalog.configuredTypes(),
                catalog.configuredMethodNames());
        for (String t : catalog.configuredTypes()) {
            configuredInternalNames.add(t.replace('.', '/'));
        }
        this.configuredMethodNames = catalog.guardedMethodNames();
        for (String marker : markers(catalog.config().discover())) {
            markerDescriptors.add("L" + marker.replace('.', '/') + ";");
        }
    }

    /** The annotations that make a method a tool: ours, and the agent frameworks' {@code @Tool} discovery is on for. */
    static Set<String> markers(dev.intentguard.agent.config.DiscoverSettings discover) {
        Set<String> markers = new java.util.HashSet<>(Set.of(ToolResolver.SIDE_EFFECT, ToolResolver.IDEMPOTENT));
        if (discover.langchain4j()) {
            markers.add(ToolResolver.LANGCHAIN4J_TOOL);
        }
        if (discover.springAi()) {
            markers.add(ToolResolver.SPRING_AI_TOOL);
        }
        return markers;
    }

    @Override
    public String name() {
        return "tools";
    }

    @Override
    public void start(PluginContext context) {
        this.context = context;                 // its advice locator is asked for when a class is woven
    }

    @Override
    public boolean mayTransform(ClassLoader loader, String internalName, byte[] classFile) {
        if (classFile == null) {
            // A class loaded before the agent (after an attach): read its class file from its loader to look at it.
            if (configuredInternalNames.contains(internalName)) {
                return true;
            }
            classFile = classFileOf(loader, internalName);
            if (classFile == null) {
                return false;
            }
        }
        return prefilter.mayDeclareTool(loader, internalName, classFile);
    }

    private static byte[] classFileOf(ClassLoader loader, String internalName) {
        if (loader == null) {
            return null;
        }
        try (java.io.InputStream in = loader.getResourceAsStream(internalName + ".class")) {
            return in == null ? null : in.readAllBytes();
        } catch (java.io.IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * While the application starts a tool class gets only a {@link StartTrampoline} in each method that may be a tool
     * (named in the config, or annotated): a call made then waits for the weaving and enters the method again, woven.
     * Which methods are tools, and their key recipes, are worked out when the class is woven, as after the start.
     */
    @Override
    public byte[] whileStarting(ClassLoader loader, String internalName, byte[] classFile) {
        byte[] started = StartTrampoline.insert(classFile, configuredMethodNames, markerDescriptors);
        ToolDescriptions descriptions = trampolined;
        if (started != null && started != classFile && descriptions != null) {
            descriptions.readAhead(loader, internalName);
        }
        return started;
    }

    /** Told of each class given a start trampoline: a class of tools whose descriptions may be built during the start. */
    void onTrampolined(ToolDescriptions descriptions) {
        trampolined = descriptions;
    }

    @Override
    public boolean matches(TypeDescription type, ClassLoader loader) {
        List<ToolResolver.Resolved> bindable = new ArrayList<>();
        for (ToolResolver.Resolved r : new ToolResolver(catalog).resolve(type)) {
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

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
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
                    r.check, r.shape, primitiveZero(m.getReturnType().asErasure().getName()),
                    r.problem == null ? null : r.problem.message));
            builder = builder.visit(Advice.withCustomMapping()
                    .bind(BindingId.class, id)
                    .to(ToolAdvice.class, context.adviceLocator())
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

    /** Problems found while classes load, each reported once. */
    interface ProblemReport {
        void report(ConfigProblem.Issue issue, String tool);
    }
}
