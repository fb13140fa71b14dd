package dev.intentguard.agent.discover.langchain4j;

import com.google.auto.service.AutoService;
import dev.intentguard.agent.weave.AgentPlugin;
import dev.intentguard.agent.discover.FrameworkPlugin;
import dev.intentguard.agent.discover.StartDescriptionHook;
import dev.intentguard.agent.weave.StartTrampoline;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;

import java.util.Set;

import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.returns;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * LangChain4j (read in 1.19.0). Its {@code @Tool} methods are found by the tool plugin ({@code discover.langchain4j});
 * this plugin hooks the framework around them:
 * <ul>
 *   <li>{@code dev.langchain4j.service.tool.ToolService#executeWithErrorHandling} (every tool an AI service runs, any
 *       {@code ToolExecutor}) and {@code dev.langchain4j.service.tool.DefaultToolExecutor#executeWithContext} (the
 *       executor of {@code @Tool} methods, also used without an AI service): {@code CallerContext} gets
 *       {@code ToolExecutionRequest.id()}, {@code InvocationContext.chatMemoryId()} as the conversation and
 *       {@code InvocationContext.invocationId()} as the turn, for the audit's model/user attribution;</li>
 *   <li>{@code dev.langchain4j.agent.tool.ToolSpecifications#toolSpecificationFrom(Method)}: the
 *       {@code ToolSpecification} the model receives of a {@code side_effect} tool gets the {@code discover.sentence}
 *       (rebuilt with {@code toBuilder()}), when {@code discover.describe} is on.</li>
 * </ul>
 * Not covered: tools on JDK proxies (no method body to weave) and specifications built by hand.
 */
@AutoService(AgentPlugin.class)
public final class LangChain4jPlugin extends FrameworkPlugin {
    static final String TOOL_SERVICE = "dev.langchain4j.service.tool.ToolService";
    static final String DEFAULT_EXECUTOR = "dev.langchain4j.service.tool.DefaultToolExecutor";
    static final String SPECIFICATIONS = "dev.langchain4j.agent.tool.ToolSpecifications";

    public LangChain4jPlugin() {
        super(TOOL_SERVICE, DEFAULT_EXECUTOR, SPECIFICATIONS);
    }

    @Override
    public String name() {
        return "langchain4j";
    }

    /**
     * While the application starts: the two executors get a {@link StartTrampoline} (a tool run then waits for the
     * weaving and enters them again, woven), and {@code toolSpecificationFrom}, which AI services call as they are built
     * during the start, gives its builder the described text ({@link StartDescriptionHook}); a version without that
     * builder call is woven now.
     */
    @Override
    public byte[] whileStarting(ClassLoader loader, String internalName, byte[] classFile) {
        switch (internalName.replace('/', '.')) {
            case TOOL_SERVICE:
                return StartTrampoline.insert(classFile, Set.of("executeWithErrorHandling"), Set.of());
            case DEFAULT_EXECUTOR:
                return StartTrampoline.insert(classFile, Set.of("executeWithContext"), Set.of());
            case SPECIFICATIONS:
                return describe() ? StartDescriptionHook.insertBeforeBuilderCall(classFile, "toolSpecificationFrom",
                        "dev/langchain4j/agent/tool/ToolSpecification$Builder") : classFile;
            default:
                return classFile;
        }
    }

    @Override
    public boolean matches(TypeDescription type, ClassLoader loader) {
        return super.matches(type, loader) && (!type.getName().equals(SPECIFICATIONS) || describe());
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        switch (type.getName()) {
            case TOOL_SERVICE:
                return visitOne(builder, type, loader, named("executeWithErrorHandling").and(isStatic())
                                .and(takesArgument(0, named("dev.langchain4j.agent.tool.ToolExecutionRequest"))),
                        LangChain4jAdvice.Execute.class, "tool-call ids are not passed to the audit");
            case DEFAULT_EXECUTOR:
                return visitOne(builder, type, loader, named("executeWithContext").and(takesArguments(2))
                                .and(takesArgument(0, named("dev.langchain4j.agent.tool.ToolExecutionRequest"))),
                        LangChain4jAdvice.Execute.class, "tool-call ids are not passed to the audit");
            case SPECIFICATIONS:
                return visitOne(builder, type, loader, named("toolSpecificationFrom").and(isStatic())
                                .and(takesArguments(1)).and(takesArgument(0, named("java.lang.reflect.Method")))
                                .and(returns(named("dev.langchain4j.agent.tool.ToolSpecification"))),
                        LangChain4jAdvice.Describe.class, "tool descriptions do not get the discover sentence");
            default:
                return builder;
        }
    }
}
