package dev.intentguard.agent.discover.langchain4j;

import dev.intentguard.bridge.CallerContext;
import dev.intentguard.bridge.DescribeDispatch;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.invocation.InvocationContext;
import net.bytebuddy.asm.Advice;

import java.lang.reflect.Method;

/** Advice for LangChain4j (see {@link LangChain4jPlugin}). Inlined into LangChain4j's classes: bridge calls only. */
final class LangChain4jAdvice {
    static final String FRAMEWORK = "langchain4j";

    private LangChain4jAdvice() {
    }

    /**
     * Around one tool execution ({@code ToolService.executeWithErrorHandling(request, executor, context, ...)},
     * {@code DefaultToolExecutor.executeWithContext(request, context)}): the tool-call id the model gave, the chat
     * memory id (the conversation) and the invocation id (one call of the AI service: the turn).
     */
    static final class Execute {
        private Execute() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object[] enter(@Advice.AllArguments Object[] args) {
            ToolExecutionRequest request = null;
            InvocationContext context = null;
            for (Object a : args) {
                if (a instanceof ToolExecutionRequest) {
                    request = (ToolExecutionRequest) a;
                } else if (a instanceof InvocationContext) {
                    context = (InvocationContext) a;
                }
            }
            String toolCall = request == null ? null : request.id();
            Object memory = context == null ? null : context.chatMemoryId();
            Object turn = context == null ? null : context.invocationId();
            return new Object[] {CallerContext.enter(toolCall, memory == null ? null : String.valueOf(memory),
                    turn == null ? null : String.valueOf(turn), FRAMEWORK)};
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object[] previous) {
            if (previous != null) {
                CallerContext.exit((CallerContext) previous[0]);
            }
        }
    }

    /** {@code ToolSpecifications.toolSpecificationFrom(Method)}: the description of a side-effect tool gains the sentence. */
    static final class Describe {
        private Describe() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Argument(0) Method method, @Advice.Return(readOnly = false) ToolSpecification spec) {
            if (spec != null) {
                String description = spec.description();
                String described = DescribeDispatch.describe(method, description);
                if (described != description) {
                    spec = spec.toBuilder().description(described).build();
                }
            }
        }
    }
}
