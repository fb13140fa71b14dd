package dev.intentguard.agent.tool;

import dev.intentguard.agent.config.DiscoverSettings;
import dev.intentguard.agent.config.Effect;
import dev.intentguard.agent.key.ArgumentRef;
import dev.intentguard.agent.tool.bind.ToolBinding;
import dev.intentguard.bridge.DescribeHooks;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * The sentence a guarded {@code side_effect} tool's description gains where an agent framework builds what the model
 * sees ({@code discover.describe}, {@code discover.sentence}): "Safe to call once per orderId. Repeated calls return
 * the original result." The method is matched to the binding its class got when it loaded; a method intentguard does
 * not guard, a read or idempotent tool, or a tool switched off keeps its description.
 */
final class ToolDescriptions implements DescribeHooks {
    private final ToolRuntime runtime;

    ToolDescriptions(ToolRuntime runtime) {
        this.runtime = runtime;
    }

    @Override
    public String describe(Method method, String description) {
        DiscoverSettings settings = runtime.config().discover();
        if (!settings.describe()) {
            return description;
        }
        ToolBinding binding = runtime.bindings().find(method.getDeclaringClass().getName(), method.getName(),
                method.getParameterTypes());
        if (binding == null || binding.tool().effect() != Effect.SIDE_EFFECT || !binding.tool().enabled()
                || binding.recipe() == null) {
            return description;
        }
        List<String> keyNames = new ArrayList<>();
        java.lang.reflect.Parameter[] params = method.getParameters();
        for (ArgumentRef ref : binding.recipe().keyArguments()) {
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
