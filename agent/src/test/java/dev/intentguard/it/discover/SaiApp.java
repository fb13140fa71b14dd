package dev.intentguard.it.discover;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A Spring AI {@code ChatClient} (2.0.1, its auto-registered {@code ToolCallingAdvisor} and
 * {@code DefaultToolCallingManager}) with a scripted chat model: the same two turns as {@link Lc4jApp}. Turn 1,
 * conversation conv-1: the model calls refund_order, and again after an unclear result; turn 2, conversation conv-2:
 * "did my refund go through?", a third call. Prints what the model received: TOOLS name|description, RESULT id text.
 *
 * <p>Arguments: {@code chat [nowait]}, {@code describe} (one turn without tool calls: the descriptions only) or
 * {@code typed} (one turn, conversation conv-t: the typed refund_receipt, called twice).
 */
public final class SaiApp {
    /** Scripted: a user message asks for a tool call; one unclear tool result asks again; then it answers. */
    static final class ScriptedModel implements ChatModel {
        private final AtomicInteger ids = new AtomicInteger();
        private final boolean callTools;

        ScriptedModel(boolean callTools) {
            this.callTools = callTools;
        }

        @Override
        public ChatOptions getOptions() {
            return ToolCallingChatOptions.builder().build();
        }

        @Override
        public ChatResponse call(Prompt prompt) {
            if (prompt.getOptions() instanceof ToolCallingChatOptions) {
                List<ToolCallback> callbacks = ((ToolCallingChatOptions) prompt.getOptions()).getToolCallbacks();
                for (ToolCallback tool : callbacks == null ? List.<ToolCallback>of() : callbacks) {
                    System.out.println("TOOLS " + tool.getToolDefinition().name() + "|"
                            + Payments.oneLine(tool.getToolDefinition().description()));
                }
            }
            List<Message> messages = prompt.getInstructions();
            Message last = messages.get(messages.size() - 1);
            int resultsThisTurn = 0;
            int i = messages.size() - 1;
            for (; i >= 0 && !(messages.get(i) instanceof UserMessage); i--) {
                if (messages.get(i) instanceof ToolResponseMessage) {
                    resultsThisTurn++;
                }
            }
            String userText = i >= 0 ? String.valueOf(messages.get(i).getText()) : "";
            boolean refundTurn = userText.startsWith("Please refund");
            boolean typed = userText.contains("(typed)");
            if (last instanceof ToolResponseMessage) {
                ToolResponseMessage.ToolResponse result = ((ToolResponseMessage) last).getResponses().get(0);
                System.out.println("RESULT " + result.id() + " " + Payments.oneLine(result.responseData()));
                String text = result.responseData();
                boolean unclear = text.contains("pending_unknown") || text.toLowerCase().contains("timed out");
                if (resultsThisTurn == 1 && unclear && refundTurn) {
                    return call(typed);  // the model tries again in the same turn
                }
                return answer("refund status: " + Payments.oneLine(text));
            }
            if (!callTools) {
                return answer("no tools today");
            }
            return call(typed);
        }

        private ChatResponse call(boolean typed) {
            AssistantMessage.ToolCall call = new AssistantMessage.ToolCall("call-" + ids.incrementAndGet(), "function",
                    typed ? "refund_receipt" : "refund_order",
                    typed ? "{\"orderId\":\"O-2\",\"amountCents\":1000}" : "{\"orderId\":\"O-1\",\"amountCents\":2500}");
            return new ChatResponse(List.of(new Generation(AssistantMessage.builder().content("").toolCalls(List.of(call)).build())));
        }

        private static ChatResponse answer(String text) {
            return new ChatResponse(List.of(new Generation(new AssistantMessage(text))));
        }
    }

    public static void main(String[] args) throws Exception {
        boolean describeOnly = args[0].equals("describe");
        boolean wait = !(args.length > 1 && args[1].equals("nowait"));
        ChatClient client = ChatClient.builder(new ScriptedModel(!describeOnly)).defaultTools(new SaiTools()).build();
        if (describeOnly) {
            System.out.println("ANSWER " + ask(client, "conv-0", "hello"));
            return;
        }
        if (args[0].equals("typed")) {
            System.out.println("ANSWER " + ask(client, "conv-t", "Please refund 10.00 on order O-2 (typed)."));
            return;
        }
        System.out.println("ANSWER " + ask(client, "conv-1", "Please refund 25.00 on order O-1."));
        if (wait) {
            Payments.awaitGo();
        }
        System.out.println("ANSWER " + ask(client, "conv-2", "Did my refund go through?"));
    }

    private static String ask(ChatClient client, String conversation, String text) {
        return client.prompt().user(text).advisors(a -> a.param(ChatMemory.CONVERSATION_ID, conversation)).call().content();
    }
}
