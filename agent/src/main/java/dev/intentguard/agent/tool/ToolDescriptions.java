package dev.intentguard.agent.tool;

import dev.intentguard.agent.config.DiscoverSettings;
import dev.intentguard.agent.config.Effect;
import dev.intentguard.agent.key.ArgumentRef;
import dev.intentguard.agent.key.KeyRecipe;
import dev.intentguard.agent.tool.bind.ToolBinding;
import dev.intentguard.agent.tool.bind.ToolDefinition;
import dev.intentguard.agent.tool.bind.ToolResolver;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.pool.TypePool;
import dev.intentguard.bridge.DescribeHooks;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * The sentence a guarded {@code side_effect} tool's description gains where an agent framework builds what the model
 * sees ({@code discover.describe}, {@code discover.sentence}): "Safe to call once per orderId. Repeated calls return
 * the original result." The method is matched to the binding its class got when it was woven (while the application
 * starts, before that weaving, to what the weaving will find); a method intentguard does not guard, a read or
 * idempotent tool, or a tool switched off keeps its description.
 */
final class ToolDescriptions implements DescribeHooks {
    private final ToolRuntime runtime;
    private final ToolResolver resolver;
    /** Whether the application is starting: tool classes are not woven yet, so they have no binding to match. */
    private final BooleanSupplier starting;
    /**
     * While the application starts: a class's tool methods as its weaving will find them, read from its class file as
     * the weaver reads it (a type pool, not the whole weaving machinery), for the descriptions built during the start.
     */
    private final ClassValue<List<ToolResolver.Resolved>> resolvedWhileStarting = new ClassValue<>() {
        @Override
        protected List<ToolResolver.Resolved> computeValue(Class<?> type) {
            ClassLoader loader = type.getClassLoader();
            ClassFileLocator locator = loader == null ? ClassFileLocator.ForClassLoader.ofBootLoader()
                    : ClassFileLocator.ForClassLoader.of(loader);
            TypePool pool = new TypePool.Default.WithLazyResolution(new TypePool.CacheProvider.Simple(), locator,
                    TypePool.Default.ReaderMode.EXTENDED);
            return resolver.resolve(pool.describe(type.getName()).resolve());
        }
    };

    ToolDescriptions(ToolRuntime runtime, ToolResolver resolver, BooleanSupplier starting) {
        this.runtime = runtime;
        this.resolver = resolver;
        this.starting = starting;
    }

    @Override
    public String describe(Method method, String description) {
        DiscoverSettings settings = runtime.config().discover();
        if (!settings.describe()) {
            return description;
        }
        ToolBinding binding = runtime.bindings().find(method.getDeclaringClass().getName(), method.getName(),
                method.getParameterTypes());
        ToolDefinition tool = binding == null ? null : binding.tool();
        KeyRecipe recipe = binding == null ? null : binding.recipe();
        if (binding == null && starting.getAsBoolean()) {
            String descriptor = Type.getMethodDescriptor(method);
            for (ToolResolver.Resolved r : resolvedWhileStarting.get(method.getDeclaringClass())) {
                if (r.problem == null && r.method.getName().equals(method.getName())
                        && r.method.getDescriptor().equals(descriptor)) {
                    tool = r.tool;
                    recipe = r.recipe;
                }
            }
        }
        if (tool == null || tool.effect() != Effect.SIDE_EFFECT || !tool.enabled() || recipe == null) {
            return description;
        }
        List<String> keyNames = new ArrayList<>();
        java.lang.reflect.Parameter[] params = method.getParameters();
        for (ArgumentRef ref : recipe.keyArguments()) {
            String label = ref.label();
            if (ref.wholeArgument() && label.chars().allMatch(Character::isDigit) && ref.index() < params.length
                    && params[ref.index()].isNamePresent()) {
                label = params[ref.index()].getName();
            }
            keyNames.add(label);
        }
        String sentence = settings.sentenceFor(keyNames);
        if (description == null || description.isBlank()) {
            return sentence;
        }
        if (description.contains(sentence)) {
            return description;
        }
        return description.endsWith(" ") || description.endsWith("\n") ? description + sentence : description + " " + sentence;
    }

    @Override
    public void bridgeError(String where, Throwable error) {
        runtime.log().error("internal error in tool description advice ({}); the description stays as it was: {}", where,
                String.valueOf(error), error);
    }
}
