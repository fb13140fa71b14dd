package com.acme.support;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Stands in for the LLM (no network): a {@link ChatModel} that plays the seed article's support agent.
 * Like a real model it decides from what it is given, the system prompt and the conversation so far, and
 * it reacts to what the tools returned:
 * <ul>
 *   <li>a refund request: look the order up, call {@code refund_order}; if the tool result is an error and
 *       the system prompt says "retry once", call it once more; then update the ticket and answer;</li>
 *   <li>"Did my refund go through?": call {@code refund_order} again to make sure (what the seed's agent
 *       did), with the same retry rule; update the ticket if the answer changes its status; answer;</li>
 *   <li>the answer follows the last refund result: {@code done} or {@code already_done} "went through",
 *       {@code pending_unknown} "being confirmed", an error "failed".</li>
 * </ul>
 */
public final class ScriptedChatModel implements ChatModel {
    private static final Pattern ORDER = Pattern.compile("order\\s*#?\\s*(\\d+)", Pattern.CASE_INSENSITIVE);
    private static final Pattern AMOUNT = Pattern.compile("\\$\\s*(\\d+(?:\\.\\d{1,2})?)");
    private static final Pattern STATUS = Pattern.compile("\"status\"\\s*:\\s*\"([a-z_]+)\"");
    private static final Pattern REFUND_ID = Pattern.compile("\"refund_id\"\\s*:\\s*\"([^\"]+)\"");
    private static final Pattern TICKET = Pattern.compile("\"ticket\"\\s*:\\s*\"([^\"]+)\"");

    private final AtomicInteger callIds = new AtomicInteger();

    /** What the model makes of a refund_order result. */
    enum Outcome {
        DONE, ALREADY_DONE, PENDING_UNKNOWN, REJECTED, ERROR, OTHER
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        List<ChatMessage> messages = request.messages();
        String system = "";
        int lastUser = -1;
        int users = 0;
        for (int i = 0; i < messages.size(); i++) {
            ChatMessage m = messages.get(i);
            if (m instanceof SystemMessage s) {
                system = s.text();
            } else if (m instanceof UserMessage) {
                lastUser = i;
                users++;
            }
        }
        if (lastUser < 0) {
            return answer("How can I help?");
        }
        Turn turn = new Turn(messages, lastUser, users > 1, system.toLowerCase(Locale.ROOT).contains("retry once"));
        if (turn.order == null) {
            return answer("Which order is it about? Please give me the order number and the amount.");
        }
        return turn.followUp ? followUp(turn) : refundRequest(turn);
    }

    /** First turn: "please refund order 8812, $49.00". */
    private ChatResponse refundRequest(Turn t) {
        ToolExecutionResultMessage last = t.lastResult();
        if (last == null) {
            return call("Let me look up order " + t.order + ".", "get_order", "{\"orderId\":\"" + t.order + "\"}");
        }
        switch (last.toolName()) {
            case "get_order": {
                Matcher ticket = TICKET.matcher(last.text());
                t.ticket = ticket.find() ? ticket.group(1) : null;
                return refund(t, "Refunding $" + t.amount + " for order " + t.order + ".", t.reason);
            }
            case "refund_order": {
                Outcome outcome = outcome(last);
                if (outcome == Outcome.ERROR && t.retryOnce && t.refundCalls() == 1) {
                    return refund(t, "The refund call failed. My instructions say to retry a failed tool call once, so I am retrying.",
                            "Retry: " + t.reason);
                }
                String ticket = ticketOf(t);
                if (ticket == null) {
                    return answer(finalAnswer(t, outcome, last));
                }
                return call("Updating ticket " + ticket + ".", "set_ticket_status",
                        "{\"ticketId\":\"" + ticket + "\",\"status\":\"" + ticketStatus(outcome) + "\"}");
            }
            default:
                return answer(finalAnswer(t, outcome(t.lastRefundResult()), t.lastRefundResult()));
        }
    }

    /** A later turn: "Did my refund go through?". The model checks by calling the refund tool again. */
    private ChatResponse followUp(Turn t) {
        ToolExecutionResultMessage last = t.lastResult();
        if (last == null) {
            return refund(t, "Let me make sure the refund of $" + t.amount + " for order " + t.order + " goes through.",
                    "Customer asked whether the refund went through");
        }
        if (!"refund_order".equals(last.toolName())) {
            return answer(finalAnswer(t, outcome(t.lastRefundResult()), t.lastRefundResult()));
        }
        Outcome outcome = outcome(last);
        if (outcome == Outcome.ERROR && t.retryOnce && t.refundCalls() == 1) {
            return refund(t, "The refund call failed. My instructions say to retry a failed tool call once, so I am retrying.",
                    "Retry: customer asked whether the refund went through");
        }
        if (t.ticket != null && t.ticketStatus != null && !t.ticketStatus.equals(ticketStatus(outcome))) {
            return call("Updating ticket " + t.ticket + ".", "set_ticket_status",
                    "{\"ticketId\":\"" + t.ticket + "\",\"status\":\"" + ticketStatus(outcome) + "\"}");
        }
        return answer(finalAnswer(t, outcome, last));
    }

    private String finalAnswer(Turn t, Outcome outcome, ToolExecutionResultMessage result) {
        String what = "$" + t.amount + " for order " + t.order;
        String id = result == null ? null : refundId(result.text());
        String ref = id == null ? "" : " (refund " + id + ")";
        switch (outcome) {
            case DONE:
                return t.followUp ? "Yes, your refund of " + what + " went through" + ref + "."
                        : "Done: your refund of " + what + " went through" + ref + ". It reaches your card in 5-10 days.";
            case ALREADY_DONE:
                return "Yes, your refund of " + what + " went through" + ref + ". Nothing more to do.";
            case PENDING_UNKNOWN:
                return "Your refund of " + what + " is being confirmed with the payment provider. It may already have "
                        + "gone through, so I will not submit it again. You will get an email once it is confirmed.";
            case REJECTED:
                return "These details do not match the refund already requested for order " + t.order
                        + ". Could you confirm the amount?";
            case ERROR:
                return (t.followUp ? "I checked again: your refund of " + what + " did not go through"
                        : "Sorry, your refund of " + what + " failed") + " (" + firstLine(result.text()) + "). Please try again later.";
            default:
                return "I could not tell what happened to your refund of " + what + "; a colleague will follow up.";
        }
    }

    private static String ticketStatus(Outcome outcome) {
        switch (outcome) {
            case DONE:
            case ALREADY_DONE:
                return "refunded";
            case PENDING_UNKNOWN:
                return "waiting_on_payments";
            default:
                return "refund_failed";
        }
    }

    private static String ticketOf(Turn t) {
        if (t.ticket != null) {
            return t.ticket;
        }
        for (ChatMessage m : t.turn) {
            if (m instanceof ToolExecutionResultMessage r && "get_order".equals(r.toolName())) {
                Matcher ticket = TICKET.matcher(r.text());
                if (ticket.find()) {
                    return ticket.group(1);
                }
            }
        }
        return null;
    }

    static Outcome outcome(ToolExecutionResultMessage result) {
        if (result == null) {
            return Outcome.OTHER;
        }
        if (Boolean.TRUE.equals(result.isError()) || result.text().startsWith("Error")) {
            return Outcome.ERROR;
        }
        Matcher status = STATUS.matcher(result.text());
        if (!status.find()) {
            return Outcome.OTHER;
        }
        switch (status.group(1)) {
            case "done":
                return Outcome.DONE;
            case "already_done":
                return Outcome.ALREADY_DONE;
            case "pending_unknown":
            case "in_flight":
                return Outcome.PENDING_UNKNOWN;
            case "rejected":
                return Outcome.REJECTED;
            default:
                return Outcome.OTHER;
        }
    }

    private static String refundId(String text) {
        Matcher m = REFUND_ID.matcher(text);
        return m.find() ? m.group(1) : null;
    }

    private static String firstLine(String text) {
        int nl = text.indexOf('\n');
        return nl < 0 ? text : text.substring(0, nl);
    }

    private ChatResponse refund(Turn t, String say, String reason) {
        return call(say, "refund_order", "{\"orderId\":\"" + t.order + "\",\"amount\":" + t.amount
                + ",\"reason\":\"" + reason.replace("\"", "'") + "\"}");
    }

    private ChatResponse call(String say, String tool, String arguments) {
        ToolExecutionRequest request = ToolExecutionRequest.builder()
                .id(String.format("call_%03d", callIds.incrementAndGet()))
                .name(tool)
                .arguments(arguments)
                .build();
        return ChatResponse.builder()
                .aiMessage(AiMessage.from(say, List.of(request)))
                .finishReason(FinishReason.TOOL_EXECUTION)
                .build();
    }

    private static ChatResponse answer(String text) {
        return ChatResponse.builder().aiMessage(AiMessage.from(text)).finishReason(FinishReason.STOP).build();
    }

    /** The conversation as the model reads it: the order and amount asked about, and this turn so far. */
    private static final class Turn {
        final List<ChatMessage> turn;
        final boolean followUp;
        final boolean retryOnce;
        String order;
        String amount;
        String reason;
        String ticket;
        /** The status an earlier turn set on the ticket, or {@code null}. */
        String ticketStatus;

        Turn(List<ChatMessage> messages, int lastUser, boolean followUp, boolean retryOnce) {
            this.turn = new ArrayList<>(messages.subList(lastUser + 1, messages.size()));
            this.followUp = followUp;
            this.retryOnce = retryOnce;
            for (ChatMessage m : messages.subList(0, lastUser)) {
                if (m instanceof ToolExecutionResultMessage r && "get_order".equals(r.toolName())) {
                    Matcher found = TICKET.matcher(r.text());
                    ticket = found.find() ? found.group(1) : ticket;
                } else if (m instanceof ToolExecutionResultMessage r && "set_ticket_status".equals(r.toolName())) {
                    Matcher set = STATUS.matcher(r.text());
                    ticketStatus = set.find() ? set.group(1) : ticketStatus;
                }
            }
            for (ChatMessage m : messages) {
                if (m instanceof UserMessage u && order == null) {
                    String text = u.singleText();
                    Matcher o = ORDER.matcher(text);
                    Matcher a = AMOUNT.matcher(text);
                    if (o.find() && a.find()) {
                        order = o.group(1);
                        amount = a.group(1).contains(".") ? a.group(1) : a.group(1) + ".00";
                        int colon = text.indexOf(':');
                        reason = colon >= 0 ? text.substring(colon + 1).trim() : "Customer request";
                    }
                }
            }
        }

        ToolExecutionResultMessage lastResult() {
            for (int i = turn.size() - 1; i >= 0; i--) {
                if (turn.get(i) instanceof ToolExecutionResultMessage r) {
                    return r;
                }
            }
            return null;
        }

        ToolExecutionResultMessage lastRefundResult() {
            for (int i = turn.size() - 1; i >= 0; i--) {
                if (turn.get(i) instanceof ToolExecutionResultMessage r && "refund_order".equals(r.toolName())) {
                    return r;
                }
            }
            return null;
        }

        int refundCalls() {
            int n = 0;
            for (ChatMessage m : turn) {
                if (m instanceof AiMessage ai && ai.hasToolExecutionRequests()) {
                    for (ToolExecutionRequest r : ai.toolExecutionRequests()) {
                        if ("refund_order".equals(r.name())) {
                            n++;
                        }
                    }
                }
            }
            return n;
        }
    }
}
