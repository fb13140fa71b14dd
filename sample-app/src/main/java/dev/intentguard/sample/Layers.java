package dev.intentguard.sample;

import com.acme.support.Telemetry;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What each retry layer of the seed article did to {@code refund_order} in one run, counted from what can
 * be observed from outside the tool: the conversations (the model's tool calls and the results it was
 * given), Resilience4j's retry events, OkHttp's event listener, and the provider's own log.
 *
 * @param firstCalls       refund_order calls the model made for a customer's refund request
 * @param modelRetries     refund_order calls the model made because the previous one in the same turn
 *                         returned an error ("If a tool call fails, retry once")
 * @param userRetries      refund_order calls the model made because the customer asked "Did my refund go
 *                         through?" (the first call of a later turn)
 * @param frameworkRetries Resilience4j retries of refund_order (each one invoked the tool method again)
 * @param httpRetries      requests OkHttp resent on its own (retry after an I/O error, or a follow-up such
 *                         as a 408 or a 503 with Retry-After: 0)
 * @param toolInvocations  times the framework invoked the refund_order method (calls plus framework retries)
 * @param bodyRuns         times the refund_order method body actually ran (it calls the provider)
 * @param providerRequests refund requests the provider received
 */
public record Layers(int firstCalls, int modelRetries, int userRetries, int frameworkRetries, int httpRetries,
                     int toolInvocations, int bodyRuns, int providerRequests) {
    public static final String TOOL = "refund_order";
    private static final Pattern STATUS = Pattern.compile("\"status\"\\s*:\\s*\"([a-z_]+)\"");

    /** refund_order calls the intent store answered without running the method. */
    public int answeredWithoutRunning() {
        return toolInvocations - bodyRuns;
    }

    public static Layers of(ScenarioRun.Result run) {
        Telemetry.Report report = run.report();
        int first = 0;
        int model = 0;
        int user = 0;
        for (Telemetry.Conversation c : report.conversations()) {
            int turn = 0;
            boolean refundResultThisTurn = false;
            for (Telemetry.Message m : c.messages()) {
                switch (m.type()) {
                    case "user" -> {
                        turn++;
                        refundResultThisTurn = false;
                    }
                    case "tool" -> refundResultThisTurn |= TOOL.equals(m.toolName());
                    case "ai" -> {
                        for (Telemetry.ToolCall call : m.toolCalls() == null ? List.<Telemetry.ToolCall>of() : m.toolCalls()) {
                            if (!TOOL.equals(call.name())) {
                                continue;
                            }
                            if (refundResultThisTurn) {
                                model++;
                            } else if (turn > 1) {
                                user++;
                            } else {
                                first++;
                            }
                        }
                    }
                    default -> {
                    }
                }
            }
        }
        Telemetry.Http http = report.http();
        int providerRequests = (int) run.providerLog().stream().filter(r -> r.method().equals("POST")).count();
        return new Layers(first, model, user, get(report.frameworkRetries()), http.retries() + http.followUps(),
                get(report.toolInvocations()), get(report.toolBodyRuns()), providerRequests);
    }

    private static int get(Map<String, Integer> counts) {
        Integer n = counts == null ? null : counts.get(TOOL);
        return n == null ? 0 : n;
    }

    /** The {@code status} field of a tool result ({@code done}, {@code pending_unknown}...), or {@code error}. */
    public static String status(Telemetry.Message toolResult) {
        if (Boolean.TRUE.equals(toolResult.isError()) || toolResult.text().startsWith("Error")) {
            return "error";
        }
        Matcher m = STATUS.matcher(toolResult.text());
        return m.find() ? m.group(1) : "?";
    }

    /** The statuses of the refund_order results of a conversation, in order. */
    public static List<String> refundStatuses(Telemetry.Conversation c) {
        return c.messages().stream().filter(m -> "tool".equals(m.type()) && TOOL.equals(m.toolName())).map(Layers::status).toList();
    }

    /**
     * What an answer tells the customer, in two or three words: {@code went through}, {@code being
     * confirmed} or {@code failed}, with the refund id when the answer names one.
     */
    public static String verdict(String answer) {
        if (answer == null) {
            return "(no answer)";
        }
        String a = answer.toLowerCase(java.util.Locale.ROOT);
        Matcher id = Pattern.compile("\\(refund (re_\\d+)\\)").matcher(answer);
        String ref = id.find() ? " (" + id.group(1) + ")" : "";
        if (a.contains("being confirmed")) {
            return "being confirmed";
        }
        if (a.contains("did not go through") || a.contains("failed")) {
            return "failed";
        }
        if (a.contains("went through")) {
            return "went through" + ref;
        }
        return "(other)";
    }

    /** The model's last answer in a conversation. */
    public static String lastAnswer(Telemetry.Conversation c) {
        String last = null;
        for (Telemetry.Message m : c.messages()) {
            if ("ai".equals(m.type()) && (m.toolCalls() == null || m.toolCalls().isEmpty())) {
                last = m.text();
            }
        }
        return last;
    }
}
