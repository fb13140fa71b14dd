package dev.intentguard.agent.discover.springai;

import dev.intentguard.bridge.CallerContext;
import dev.intentguard.bridge.DescribeDispatch;
import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.tool.observation.ToolCallingObservationContext;
import net.bytebuddy.asm.Advice;

import java.lang.reflect.Method;
import java.util.Map;

/** Advice for Spring AI (see {@link SpringAiPlugin}). Inlined into Spring AI's classes: bridge calls only. */
final class SpringAiAdvice {
    static final String FRAMEWORK = "spring-ai";

    private SpringAiAdvice() {
    }

    /**
     * {@code ToolCallingAdvisor.adviseCall(request, chain)}: one user message and every tool call the model makes for
     * it. The conversation is the advisor parameter {@code ChatMemory.CONVERSATION_ID}; the turn is this call.
     */
    static final class AdviseCall {
        private AdviseCall() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object[] enter(@Advice.Argument(0) ChatClientRequest request) {
            Map<String, Object> context = request == null ? null : request.context();
            Object conversation = context == null ? null : context.get("chat_memory_conversation_id");
            String turn = Integer.toHexString(System.identityHashCode(request)) + "-" + Long.toHexString(System.nanoTime());
            return new Object[] {CallerContext.enter(null, conversation == null ? null : String.valueOf(conversation), turn,
                    FRAMEWORK)};
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object[] previous) {
            if (previous != null) {
                CallerContext.exit((CallerContext) previous[0]);
            }
        }
    }

    /**
     * The lambda of {@code DefaultToolCallingManager.executeToolCall} that runs one tool call inside its observation:
     * its {@code ToolCallingObservationContext} carries the tool-call id.
     */
    static final class ToolCall {
        private ToolCall() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object[] enter(@Advice.AllArguments Object[] args) {
            String toolCall = null;
            for (Object a : args) {
                if (a instanceof ToolCallingObservationContext) {
                    toolCall = ((ToolCallingObservationContext) a).getToolCallId();
                }
            }
            return new Object[] {CallerContext.enter(toolCall, null, null, FRAMEWORK)};
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object[] previous) {
            if (previous != null) {
                CallerContext.exit((CallerContext) previous[0]);
            }
        }
    }

    /** {@code ToolUtils.getToolDescription(Method)}: the description of a side-effect tool gains the sentence. */
    static final class Describe {
        private Describe() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Argument(0) Method method, @Advice.Return(readOnly = false) String description) {
            description = DescribeDispatch.describe(method, description);
        }
    }
}
