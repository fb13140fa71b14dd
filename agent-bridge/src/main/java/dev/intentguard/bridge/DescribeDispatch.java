package dev.intentguard.bridge;

import java.lang.reflect.Method;

/**
 * What advice woven into an agent framework's tool-description code calls (LangChain4j
 * {@code ToolSpecifications.toolSpecificationFrom(Method)}, Spring AI {@code ToolUtils.getToolDescription(Method)}):
 * the description of a guarded {@code side_effect} tool gains one sentence that tells the model a repeat is safe and
 * answers with the original result. Never throws: a failure leaves the description as it was.
 */
public final class DescribeDispatch {
    private static volatile DescribeHooks hooks;

    private DescribeDispatch() {
    }

    /** Installs the agent's hooks; only the first call wins. */
    public static synchronized boolean install(DescribeHooks agentHooks) {
        if (hooks != null || agentHooks == null) {
            return false;
        }
        hooks = agentHooks;
        return true;
    }

    /**
     * The description the model should see for the tool implemented by {@code method}: {@code description} itself
     * (the same instance) when nothing is to be added, else {@code description} with the agent's sentence appended.
     */
    public static String describe(Method method, String description) {
        DescribeHooks h = hooks;
        if (h == null || method == null) {
            return description;
        }
        try {
            return h.describe(method, description);
        } catch (Throwable t) {
            try {
                h.bridgeError("describe", t);
            } catch (Throwable ignored) {
                // the description stays as it was
            }
            return description;
        }
    }
}
