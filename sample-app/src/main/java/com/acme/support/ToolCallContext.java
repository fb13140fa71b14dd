package com.acme.support;

import dev.langchain4j.agent.tool.ToolExecutionRequest;

/**
 * The tool call being executed on this thread, set by the AI service's before/after tool hooks.
 *
 * <p>The refund tool derives its {@code Idempotency-Key} from the tool call id. That is the seed
 * article's bug, reproduced on purpose: "We already had an idempotency key on every refund. We built it
 * from the tool call ID. The second call had a new ID, so it got a new key." Retries inside one tool call
 * share the key; the model's retry and the customer's "did it go through?" get new ones.
 */
public final class ToolCallContext {
    private static final ThreadLocal<ToolExecutionRequest> CURRENT = new ThreadLocal<>();

    private ToolCallContext() {
    }

    static void enter(ToolExecutionRequest request) {
        CURRENT.set(request);
    }

    static void exit() {
        CURRENT.remove();
    }

    /** {@code prefix + "_" + toolCallId}, or {@code null} outside a tool call. */
    public static String idempotencyKey(String prefix) {
        ToolExecutionRequest request = CURRENT.get();
        return request == null || request.id() == null ? null : prefix + "_" + request.id();
    }
}
