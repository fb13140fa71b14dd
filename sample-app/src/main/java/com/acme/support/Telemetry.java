package com.acme.support;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import okhttp3.Call;
import okhttp3.EventListener;
import okhttp3.Request;
import okhttp3.Response;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the service can observe about itself, per layer: the conversations (what the model asked for and
 * was told), tool invocations and tool bodies that really ran, the framework's retry events
 * (Resilience4j) and the HTTP client's own attempts and retries (OkHttp's event listener). Written as JSON
 * at the end of a run.
 */
public final class Telemetry {
    private final Map<String, AtomicInteger> toolInvocations = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> bodyRuns = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> frameworkRetries = new ConcurrentHashMap<>();
    private final AtomicInteger httpCalls = new AtomicInteger();
    private final AtomicInteger httpAttempts = new AtomicInteger();
    private final AtomicInteger httpRetries = new AtomicInteger();
    private final AtomicInteger httpFollowUps = new AtomicInteger();

    /** The framework invoked the tool method (each attempt of its retry policy counts). */
    void toolInvoked(String tool) {
        toolInvocations.computeIfAbsent(tool, t -> new AtomicInteger()).incrementAndGet();
    }

    /** The tool's own code ran (a guarded tool answered from the intent store does not get here). */
    void bodyRan(String tool) {
        bodyRuns.computeIfAbsent(tool, t -> new AtomicInteger()).incrementAndGet();
    }

    /** Resilience4j is about to call the tool again. */
    void frameworkRetry(String tool) {
        frameworkRetries.computeIfAbsent(tool, t -> new AtomicInteger()).incrementAndGet();
    }

    /** Counts OkHttp's calls, network attempts and the retries it decides on its own. */
    public EventListener.Factory httpEvents() {
        EventListener listener = new EventListener() {
            @Override
            public void callStart(Call call) {
                httpCalls.incrementAndGet();
            }

            @Override
            public void requestHeadersStart(Call call) {
                httpAttempts.incrementAndGet();
            }

            @Override
            public void retryDecision(Call call, IOException exception, boolean retry) {
                if (retry) {
                    httpRetries.incrementAndGet();
                }
            }

            @Override
            public void followUpDecision(Call call, Response networkResponse, Request nextRequest) {
                if (nextRequest != null) {
                    httpFollowUps.incrementAndGet();
                }
            }
        };
        return call -> listener;
    }

    /** The report of one run. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Report(List<Conversation> conversations, Map<String, Integer> toolInvocations,
                         Map<String, Integer> toolBodyRuns, Map<String, Integer> frameworkRetries, Http http,
                         Map<String, String> tickets) {
    }

    /** OkHttp's view: calls made, requests sent, and the resends it decided itself. */
    public record Http(int calls, int attempts, int retries, int followUps) {
    }

    /** One conversation, as its chat memory holds it at the end. */
    public record Conversation(String id, List<Message> messages) {
    }

    /** One message: {@code user}, {@code ai} (text and/or tool calls) or {@code tool} (a tool's result). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Message(String type, String text, List<ToolCall> toolCalls, String toolCallId, String toolName,
                          Boolean isError) {
    }

    /** A tool call the model asked for. */
    public record ToolCall(String id, String name, String arguments) {
    }

    public Report report(Map<String, List<ChatMessage>> conversations, Map<String, String> tickets) {
        List<Conversation> out = new ArrayList<>();
        conversations.forEach((id, messages) -> out.add(new Conversation(id, messages.stream()
                .filter(m -> !(m instanceof SystemMessage)).map(Telemetry::message).toList())));
        return new Report(out, counts(toolInvocations), counts(bodyRuns), counts(frameworkRetries),
                new Http(httpCalls.get(), httpAttempts.get(), httpRetries.get(), httpFollowUps.get()), new TreeMap<>(tickets));
    }

    private static Message message(ChatMessage m) {
        if (m instanceof UserMessage user) {
            return new Message("user", user.singleText(), null, null, null, null);
        }
        if (m instanceof AiMessage ai) {
            List<ToolCall> calls = null;
            if (ai.hasToolExecutionRequests()) {
                calls = new ArrayList<>();
                for (ToolExecutionRequest r : ai.toolExecutionRequests()) {
                    calls.add(new ToolCall(r.id(), r.name(), r.arguments()));
                }
            }
            return new Message("ai", ai.text(), calls, null, null, null);
        }
        if (m instanceof ToolExecutionResultMessage result) {
            return new Message("tool", result.text(), null, result.id(), result.toolName(),
                    Boolean.TRUE.equals(result.isError()) ? Boolean.TRUE : null);
        }
        return new Message(m.type().name().toLowerCase(java.util.Locale.ROOT), String.valueOf(m), null, null, null, null);
    }

    private static Map<String, Integer> counts(Map<String, AtomicInteger> counters) {
        Map<String, Integer> out = new TreeMap<>();
        counters.forEach((k, v) -> out.put(k, v.get()));
        return out;
    }

    public static ObjectMapper json() {
        return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    }

    public static void write(Report report, Path file) throws IOException {
        if (file.getParent() != null) {
            Files.createDirectories(file.getParent());
        }
        json().writeValue(file.toFile(), report);
    }

    public static Report read(Path file) throws IOException {
        return json().readValue(file.toFile(), Report.class);
    }
}
