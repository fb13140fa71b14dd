package dev.intentguard.agent.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.intentguard.agent.json.AgentJson;
import dev.intentguard.agent.tool.bind.ResultJson;
import dev.intentguard.agent.tool.bind.ReturnShape;
import dev.intentguard.agent.tool.bind.ToolBinding;
import dev.intentguard.api.AlreadyDoneException;
import dev.intentguard.api.IntentConflictException;
import dev.intentguard.api.IntentInFlightException;
import dev.intentguard.api.OutcomeUnknownException;
import dev.intentguard.api.ToolDisabledException;
import dev.intentguard.api.ToolStatus;

import java.util.Map;

/**
 * What the caller receives for a call whose answer is a status rather than the body's own result: JSON
 * text, a map or a JSON node for tools that hand their result to a model, and for every other return type
 * the first result (already_done) or an agent-api exception carrying the same instruction.
 */
final class StatusReply {
    final ToolStatus status;
    private final String resultJson;
    private final boolean resultTruncated;
    private final Throwable cause;
    private final String message;

    private StatusReply(ToolStatus status, String resultJson, boolean resultTruncated, Throwable cause) {
        this(status, resultJson, resultTruncated, cause, null);
    }

    private StatusReply(ToolStatus status, String resultJson, boolean resultTruncated, Throwable cause, String message) {
        this.status = status;
        this.resultJson = resultJson;
        this.resultTruncated = resultTruncated;
        this.cause = cause;
        this.message = message;
    }

    private boolean carriesResult() {
        return status == ToolStatus.ALREADY_DONE || status == ToolStatus.DONE;
    }

    static StatusReply of(ToolStatus status) {
        return new StatusReply(status, null, false, null);
    }

    static StatusReply alreadyDone(String resultJson, boolean truncated) {
        return new StatusReply(ToolStatus.ALREADY_DONE, resultJson, truncated, null);
    }

    /** The call's outcome was unknown, and the tool's check found it done: {@code done} with the check's result. */
    static StatusReply confirmedDone(String resultJson, boolean truncated) {
        return new StatusReply(ToolStatus.DONE, resultJson, truncated, null);
    }

    /**
     * {@code disabled} for a call that cannot be guarded under {@code on-error: fail-closed} (its binding is broken, its
     * key cannot be computed, the clients it may use are not woven yet, or its own class is not: {@link StartReentry}):
     * not the kill switch's "switched off", which nobody did.
     */
    static StatusReply cannotGuard(String tool) {
        return refused(tool + " did not run: it cannot be run safely right now. Do not retry now; tell the user it is "
                + "unavailable for now.");
    }

    /** {@code disabled} for a new intent the full intent store cannot take. */
    static StatusReply storeFull(String tool) {
        return refused(tool + " did not run: the intent store is full. Do not retry; tell the user it is unavailable for now.");
    }

    /** {@code disabled} with a specific reason instead of the kill-switch instruction. */
    private static StatusReply refused(String message) {
        return new StatusReply(ToolStatus.DISABLED, null, false, null, message);
    }

    /** {@code failed} with a specific instruction (a retry budget spent: escalate, do not retry now). */
    static StatusReply failed(String message) {
        return new StatusReply(ToolStatus.FAILED, null, false, null, message);
    }

    static StatusReply pendingUnknown(Throwable cause) {
        return new StatusReply(ToolStatus.PENDING_UNKNOWN, null, false, cause);
    }

    /** The status as the JSON object a model reads. */
    ObjectNode payload(String tool) {
        ObjectNode n = AgentJson.mapper().createObjectNode();
        n.put("status", status.wireName());
        n.put("tool", tool);
        if (carriesResult()) {
            JsonNode result = ResultJson.node(resultJson);
            if (result != null) {
                n.set("result", result);
            }
            if (resultTruncated) {
                n.put("result_truncated", true);
            }
        }
        n.put("message", message != null ? message : status.instruction(tool));
        return n;
    }

    /** Delivers the reply through {@code frame} as the return type {@code binding} declares. */
    void deliver(GuardedCall frame, ToolBinding binding, Class<?> owner, String intentKey) {
        String tool = binding.toolName();
        ReturnShape shape = binding.shape();
        try {
            if (shape.carriesStatus()) {
                frame.reply(asData(shape, tool, owner));
                return;
            }
            if (carriesResult()) {
                if (shape == ReturnShape.VOID) {
                    frame.reply(null);
                    return;
                }
                if (resultJson != null && !resultTruncated) {
                    frame.reply(ResultJson.as(resultJson, binding.genericReturnType(owner)));
                    return;
                }
            }
        } catch (Throwable conversionFailed) {
            if (carriesResult()) {
                frame.replyThrowing(new AlreadyDoneException(tool, intentKey, conversionFailed));
                return;
            }
        }
        frame.replyThrowing(exception(tool, intentKey));
    }

    /**
     * This reply where no call frame exists (a tool method refused in its start trampoline, before its class is woven):
     * the status as data where {@code shape} carries one, as for a woven call, else thrown as the agent-api exception.
     */
    Object answer(ReturnShape shape, String tool, Class<?> owner) {
        if (shape.carriesStatus()) {
            try {
                return asData(shape, tool, owner);
            } catch (Throwable conversionFailed) {
                // the host's Jackson could not take it: the exception below says the same
            }
        }
        throw exception(tool, null);
    }

    /** The status as the data a method of {@code shape} (one that {@link ReturnShape#carriesStatus carries it}) returns. */
    private Object asData(ReturnShape shape, String tool, Class<?> owner) throws Throwable {
        switch (shape) {
            case TEXT:
                return AgentJson.mapper().writeValueAsString(payload(tool));
            case MAP:
            case OBJECT:
                return AgentJson.mapper().convertValue(payload(tool), Map.class);
            case JACKSON2_NODE:
            case JACKSON3_NODE:
                return HostJackson.readTree(owner, shape == ReturnShape.JACKSON3_NODE,
                        AgentJson.mapper().writeValueAsString(payload(tool)));
            default:
                throw new IllegalArgumentException(shape + " carries no status");
        }
    }

    /** The agent-api exception that says what this reply says, for a tool whose return type cannot carry it. */
    RuntimeException exception(String tool, String intentKey) {
        switch (status) {
            case PENDING_UNKNOWN:
                return new OutcomeUnknownException(tool, intentKey, cause);
            case DISABLED:
                return message != null ? new ToolDisabledException(tool, intentKey, message, cause)
                        : new ToolDisabledException(tool, intentKey, cause);
            case REJECTED:
                return new IntentConflictException(tool, intentKey, cause);
            case IN_FLIGHT:
                return new IntentInFlightException(tool, intentKey, cause);
            default:
                return new AlreadyDoneException(tool, intentKey, cause);
        }
    }
}
