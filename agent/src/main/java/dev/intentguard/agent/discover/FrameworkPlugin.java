package dev.intentguard.agent.discover;

import dev.intentguard.agent.log.AgentLoggers;
import dev.intentguard.agent.weave.ExactNamePlugin;
import dev.intentguard.agent.weave.PluginContext;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.matcher.ElementMatcher;
import org.slf4j.Logger;

/**
 * What the agent-framework plugins share ({@code discover/langchain4j}, {@code discover/springai}): a few framework
 * classes named exactly (the gate is a set lookup, nothing else is looked at), advice that tells the audit the
 * tool-call id and conversation of the tool call about to run ({@code CallerContext}), and advice that adds the
 * {@code discover.sentence} to the description the model sees of a {@code side_effect} tool (only when
 * {@code discover.describe} is on). Finding the {@code @Tool} methods themselves is the tool plugin's job
 * ({@code ToolResolver}): these classes only see the framework around them.
 */
public abstract class FrameworkPlugin extends ExactNamePlugin {
    protected static final Logger LOG = AgentLoggers.named("intentguard");

    protected FrameworkPlugin(String... classNames) {
        super(null, null, classNames);                  // each framework says its name()
    }

    /** Whether the tool descriptions get the sentence ({@code discover.describe}). */
    protected boolean describe() {
        return context.config().discover().describe();
    }

    protected PluginContext context() {
        return context;
    }

    /**
     * Adds {@code advice} to the one method of {@code type} that {@code method} matches; when the framework's class
     * has none (another version), logs which piece is missing and leaves the class alone.
     */
    protected DynamicType.Builder<?> visitOne(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader,
                                             ElementMatcher.Junction<MethodDescription> method, Class<?> advice,
                                             String what) {
        int found = type.getDeclaredMethods().filter(method).size();
        if (found == 0) {
            LOG.warn("this {} version's {} is not one intentguard knows: {}", name(), type.getName(), what);
            return builder;
        }
        return builder.visit(context.advice(advice, loader).on(method));
    }
}
