package com.acme.support;

import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.memory.ChatMemory;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.tool.ToolErrorHandlerResult;
import io.github.resilience4j.retry.RetryRegistry;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The support service: a LangChain4j AI service with three tools, a Resilience4j retry around each tool
 * call, and OkHttp to the payments provider. {@link #main} replays the incident: two customers ask for a
 * refund, then ask "Did my refund go through?".
 *
 * <p>System properties: {@code payments.url} (the provider), {@code payments.timeout.ms} (the client
 * timeout, default 1000), {@code support.retry} ({@code tool-call}, the default, or {@code payments-call}:
 * where the Resilience4j retry sits), {@code support.report} (where the JSON report goes, default
 * {@code support-report.json}).
 */
public final class SupportDesk {
    /** The customers' messages, in order: conversation id, message. */
    static final List<String[]> SCRIPT = List.of(
            new String[] {"ana", "Hi, this is Ana. Please refund order 8812, $49.00: the blender arrived broken."},
            new String[] {"ana", "Did my refund go through?"},
            new String[] {"ben", "Hello, Ben here. Refund order 8813, $20.00 please: the mug came in the wrong color."},
            new String[] {"ben", "Did my refund go through?"});

    private final Telemetry telemetry = new Telemetry();
    private final Tickets tickets = new Tickets();
    private final Map<String, ChatMemory> memories = new LinkedHashMap<>();
    private final SupportAgent agent;

    public SupportDesk(String paymentsUrl, Duration paymentsTimeout, ToolRetryPolicy.Placement placement, ChatModel model) {
        PaymentsClient payments = new PaymentsClient(paymentsUrl, paymentsTimeout, telemetry.httpEvents());
        RetryRegistry retries = ToolRetryPolicy.registry();
        boolean insideTool = placement == ToolRetryPolicy.Placement.PAYMENTS_CALL;
        RefundTools tools = new RefundTools(new Orders(), tickets, payments,
                insideTool ? ToolRetryPolicy.paymentsRetry(retries, telemetry) : null, telemetry);
        this.agent = AiServices.builder(SupportAgent.class)
                .chatModel(model)
                .chatMemoryProvider(id -> memories.computeIfAbsent(String.valueOf(id),
                        k -> MessageWindowChatMemory.builder().id(k).maxMessages(200).build()))
                .tools(ToolRetryPolicy.withRetries(tools, insideTool ? null : retries, telemetry))
                .beforeToolExecution(before -> ToolCallContext.enter(before.request()))
                .afterToolExecution(after -> ToolCallContext.exit())
                // What many services do: hand the model the error text ("Error: timeout") and let it decide.
                .toolExecutionErrorHandler((error, context) -> ToolErrorHandlerResult.text("Error: " + describe(error)))
                .build();
    }

    public String chat(String conversationId, String message) {
        return agent.chat(conversationId, message);
    }

    /**
     * What a replica knows of a conversation another replica served: the customer's earlier messages (a fleet keeps
     * its chat memory in a shared store; the front hands it over here), each followed by the answer given then.
     */
    public void remember(String conversationId, List<String> earlierUserMessages) {
        ChatMemory memory = memories.computeIfAbsent(conversationId,
                k -> MessageWindowChatMemory.builder().id(k).maxMessages(200).build());
        if (memory.messages().isEmpty()) {
            for (String text : earlierUserMessages) {
                memory.add(dev.langchain4j.data.message.UserMessage.from(text));
                memory.add(dev.langchain4j.data.message.AiMessage.from("(answered by another replica)"));
            }
        }
    }

    public Telemetry.Report report() {
        Map<String, List<ChatMessage>> conversations = new LinkedHashMap<>();
        memories.forEach((id, memory) -> conversations.put(id, memory.messages()));
        return telemetry.report(conversations, tickets.all());
    }

    static String describe(Throwable error) {
        String message = error.getMessage();
        return message == null || message.isBlank() ? error.getClass().getSimpleName() : message;
    }

    public static void main(String[] args) throws IOException {
        String url = System.getProperty("payments.url", "http://127.0.0.1:8099");
        Duration timeout = Duration.ofMillis(Long.getLong("payments.timeout.ms", 1000));
        Path report = Path.of(System.getProperty("support.report", "support-report.json"));

        SupportDesk desk = new SupportDesk(url, timeout, ToolRetryPolicy.Placement.fromSystemProperty(), new ScriptedChatModel());
        for (String[] turn : SCRIPT) {
            System.out.println(turn[0] + ": " + turn[1]);
            System.out.println("agent: " + desk.chat(turn[0], turn[1]));
        }
        Telemetry.write(desk.report(), report);
        System.out.println("report: " + report.toAbsolutePath());
    }
}
