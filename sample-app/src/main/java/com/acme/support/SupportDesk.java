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
 * {@code support-report.json}), {@code support.followup.pause.ms} (how long after her first answer Ana asks again,
 * default 5500).
 */
public final class SupportDesk {
    /** One customer message: the conversation, how long after the previous answer it comes, the text. */
    record Turn(String conversation, Duration after, String message) {
    }

    /**
     * The customers' messages, in order. Ana asks again a few seconds after being answered: long enough for her
     * slow refund to be processed by the provider, and for a repeat to be allowed to ask it again.
     */
    static final List<Turn> SCRIPT = List.of(
            new Turn("ana", Duration.ZERO, "Hi, this is Ana. Please refund order 8812, $49.00: the blender arrived broken."),
            new Turn("ana", Duration.ofMillis(Long.getLong("support.followup.pause.ms", 5500)), "Did my refund go through?"),
            new Turn("ben", Duration.ZERO, "Hello, Ben here. Refund order 8813, $20.00 please: the mug came in the wrong color."),
            new Turn("ben", Duration.ZERO, "Did my refund go through?"));

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

    private static void pause(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
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
        for (Turn turn : SCRIPT) {
            pause(turn.after());
            System.out.println(turn.conversation() + ": " + turn.message());
            System.out.println("agent: " + desk.chat(turn.conversation(), turn.message()));
        }
        Telemetry.write(desk.report(), report);
        System.out.println("report: " + report.toAbsolutePath());
    }
}
