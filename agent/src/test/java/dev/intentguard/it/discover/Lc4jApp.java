package dev.intentguard.it.discover;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.MemoryId;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A LangChain4j AI service with a scripted chat model (no network but the loopback payments provider). Turn 1,
 * conversation conv-1: "refund order O-1"; the model calls refund_order, and calls it again after an unclear result.
 * Then (after the test lets the reconciler settle it) turn 2, conversation conv-2: "did my refund go through?"; the
 * model calls refund_order a third time. Prints what the model received: TOOLS name|description, RESULT id text.
 *
 * <p>Arguments: {@code chat [nowait]}, {@code describe} (one turn without tool calls: the descriptions only) or
 * {@code typed} (one turn, conversation conv-t: the typed refund_receipt, called twice).
 */
public final class Lc4jApp {
    interface Assistant {
        String chat(@MemoryId String conversation, @dev.langchain4j.service.UserMessage String message);
    }

    /** Scripted: a user message asks for a tool call; one unclear tool result asks again; then it answers. */
    static final class ScriptedModel implements ChatModel {
        private final AtomicInteger ids = new AtomicInteger();
        private final boolean callTools;

        ScriptedModel(boolean callTools) {
            this.callTools = callTools;
        }

        @Override
        public ChatResponse doChat(ChatRequest request) {
            for (ToolSpecification spec : request.toolSpecifications()) {
                System.out.println("TOOLS " + spec.name() + "|" + Payments.oneLine(spec.description()));
            }
            List<ChatMessage> messages = request.messages();
            ChatMessage last = messages.get(messages.size() - 1);
            int resultsThisTurn = 0;
            int i = messages.size() - 1;
            for (; i >= 0 && !(messages.get(i) instanceof UserMessage); i--) {
                if (messages.get(i) instanceof ToolExecutionResultMessage) {
                    resultsThisTurn++;
                }
            }
            String userText = i >= 0 ? ((UserMessage) messages.get(i)).singleText() : "";
            boolean refundTurn = userText.startsWith("Please refund");
            boolean typed = userText.contains("(typed)");
            if (last instanceof ToolExecutionResultMessage) {
                ToolExecutionResultMessage result = (ToolExecutionResultMessage) last;
                System.out.println("RESULT " + result.id() + " " + Payments.oneLine(result.text()));
                boolean unclear = result.text().contains("pending_unknown") || result.text().toLowerCase().contains("timed out");
                if (resultsThisTurn == 1 && unclear && refundTurn) {
                    return call(typed);  // the model tries again in the same turn
                }
                return ChatResponse.builder().aiMessage(AiMessage.from("refund status: " + Payments.oneLine(result.text()))).build();
            }
            if (!callTools) {
                return ChatResponse.builder().aiMessage(AiMessage.from("no tools today")).build();
            }
            return call(typed);
        }

        private ChatResponse call(boolean typed) {
            ToolExecutionRequest call = ToolExecutionRequest.builder().id("call-" + ids.incrementAndGet())
                    .name(typed ? "refund_receipt" : "refund_order")
                    .arguments(typed ? "{\"orderId\":\"O-2\",\"amountCents\":1000}" : "{\"orderId\":\"O-1\",\"amountCents\":2500}")
                    .build();
            return ChatResponse.builder().aiMessage(AiMessage.from(List.of(call))).build();
        }
    }

    public static void main(String[] args) throws Exception {
        boolean describeOnly = args[0].equals("describe");
        boolean wait = !(args.length > 1 && args[1].equals("nowait"));
        Assistant assistant = AiServices.builder(Assistant.class)
                .chatModel(new ScriptedModel(!describeOnly))
                .chatMemoryProvider(id -> MessageWindowChatMemory.withMaxMessages(50))
                .tools(new Lc4jTools())
                .build();
        if (describeOnly) {
            System.out.println("ANSWER " + assistant.chat("conv-0", "hello"));
            return;
        }
        if (args[0].equals("typed")) {
            System.out.println("ANSWER " + assistant.chat("conv-t", "Please refund 10.00 on order O-2 (typed)."));
            return;
        }
        System.out.println("ANSWER " + assistant.chat("conv-1", "Please refund 25.00 on order O-1."));
        if (wait) {
            Payments.awaitGo();
        }
        System.out.println("ANSWER " + assistant.chat("conv-2", "Did my refund go through?"));
    }
}
