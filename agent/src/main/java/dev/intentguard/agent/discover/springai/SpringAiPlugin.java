package dev.intentguard.agent.discover.springai;

import com.google.auto.service.AutoService;
import dev.intentguard.agent.weave.AgentPlugin;
import dev.intentguard.agent.discover.FrameworkPlugin;
import dev.intentguard.agent.discover.StartDescriptionHook;
import dev.intentguard.agent.weave.StartTrampoline;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.matcher.ElementMatcher;

import java.util.Set;

import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.returns;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * Spring AI (read in 2.0.1). Its {@code @Tool} methods are found by the tool plugin ({@code discover.spring-ai});
 * this plugin hooks the framework around them:
 * <ul>
 *   <li>{@code org.springframework.ai.chat.client.advisor.ToolCallingAdvisor#adviseCall} (the tool loop a
 *       {@code ChatClient} runs): {@code CallerContext} gets the conversation (the advisor parameter
 *       {@code ChatMemory.CONVERSATION_ID}) and a turn (this call);</li>
 *   <li>{@code org.springframework.ai.model.tool.DefaultToolCallingManager}, the lambda of {@code executeToolCall}
 *       that runs one tool call in its observation (matched by its name prefix {@code lambda$executeToolCall$} and its
 *       {@code ToolCallingObservationContext} parameter): the tool-call id;</li>
 *   <li>{@code org.springframework.ai.tool.support.ToolUtils#getToolDescription(Method)}: the
 *       {@code ToolDefinition} description of a {@code side_effect} tool gets the {@code discover.sentence}, when
 *       {@code discover.describe} is on.</li>
 * </ul>
 * Streaming ({@code adviseStream}) gets the tool-call id only: its tool calls run on Reactor's threads.
 */
@AutoService(AgentPlugin.class)
public final class SpringAiPlugin extends FrameworkPlugin {
    static final String ADVISOR = "org.springframework.ai.chat.client.advisor.ToolCallingAdvisor";
    static final String MANAGER = "org.springframework.ai.model.tool.DefaultToolCallingManager";
    static final String TOOL_UTILS = "org.springframework.ai.tool.support.ToolUtils";
    static final String OBSERVATION_CONTEXT = "org.springframework.ai.tool.observation.ToolCallingObservationContext";
    static final String TOOL_CALLBACK = "org.springframework.ai.tool.ToolCallback";

    public SpringAiPlugin() {
        super(ADVISOR, MANAGER, TOOL_UTILS);
    }

    @Override
    public String name() {
        return "spring-ai";
    }

    @Override
    public boolean matches(TypeDescription type, ClassLoader loader) {
        return super.matches(type, loader) && (!type.getName().equals(TOOL_UTILS) || describe());
    }

    /**
     * While the application starts, without Byte Buddy: a chat or a tool-calling round begun then (the advisor's
     * {@code adviseCall}, the manager's {@code executeToolCalls}) asks for the weaving and enters again woven, through a
     * {@link StartTrampoline}, so that its conversation and tool-call ids reach the audit; the tool descriptions are
     * built during the start, so {@code ToolUtils} gets its hook at once ({@link StartDescriptionHook}).
     */
    @Override
    public byte[] whileStarting(ClassLoader loader, String internalName, byte[] classFile) {
        switch (internalName.replace('/', '.')) {
            case ADVISOR:
                return StartTrampoline.insert(classFile, Set.of("adviseCall"), Set.of());
            case MANAGER:
                return StartTrampoline.insert(classFile, Set.of("executeToolCalls"), Set.of());
            case TOOL_UTILS:
                return describe() ? StartDescriptionHook.insert(classFile, "getToolDescription") : classFile;
            default:
                return classFile;
        }
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        switch (type.getName()) {
            case ADVISOR:
                return visitOne(builder, type, loader, named("adviseCall").and(takesArguments(2))
                                .and(takesArgument(0, named("org.springframework.ai.chat.client.ChatClientRequest"))),
                        SpringAiAdvice.AdviseCall.class, "conversations are not passed to the audit");
            case MANAGER:
                return visitOne(builder, type, loader, nameStartsWith("lambda$executeToolCall$")
                                .and(takesAnArgument(OBSERVATION_CONTEXT)).and(takesAnArgument(TOOL_CALLBACK)),
                        SpringAiAdvice.ToolCall.class, "tool-call ids are not passed to the audit");
            case TOOL_UTILS:
                return visitOne(builder, type, loader, named("getToolDescription").and(isStatic()).and(takesArguments(1))
                                .and(takesArgument(0, named("java.lang.reflect.Method"))).and(returns(String.class)),
                        SpringAiAdvice.Describe.class, "tool descriptions do not get the discover sentence");
            default:
                return builder;
        }
    }

    /** Methods with a parameter (at any position) of type {@code typeName}. */
    private static ElementMatcher.Junction<MethodDescription> takesAnArgument(String typeName) {
        return new ElementMatcher.Junction.AbstractBase<MethodDescription>() {
            @Override
            public boolean matches(MethodDescription m) {
                for (TypeDescription t : m.getParameters().asTypeList().asErasures()) {
                    if (t.getName().equals(typeName)) {
                        return true;
                    }
                }
                return false;
            }
        };
    }
}
