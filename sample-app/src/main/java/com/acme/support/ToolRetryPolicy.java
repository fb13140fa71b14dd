package com.acme.support;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.service.tool.AiServiceTool;
import dev.langchain4j.service.tool.ToolExecutionResult;
import dev.langchain4j.service.tool.ToolExecutor;
import dev.langchain4j.service.tool.ToolService;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import io.github.resilience4j.retry.RetryRegistry;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The framework retry layer: a Resilience4j {@link Retry} that tries again after a network error, up to 3
 * attempts in all (the LangGraph {@code RetryPolicy} default the seed article quotes). LangChain4j has no
 * tool retry of its own, so services add one, in one of two places ({@link Placement}):
 * <ul>
 *   <li>around the tool executor, a retry of the whole tool call (the default here, like LangGraph's
 *       policy around a node): each attempt invokes the tool method again;</li>
 *   <li>inside the tool, around the payments call (like {@code @Retry} on a Spring service the tool calls):
 *       the tool method runs once and makes several requests.</li>
 * </ul>
 */
public final class ToolRetryPolicy {
    public static final int MAX_ATTEMPTS = 3;
    public static final Duration WAIT = Duration.ofMillis(200);

    /** Where the retry sits; system property {@code support.retry}: {@code tool-call} or {@code payments-call}. */
    public enum Placement {
        TOOL_CALL, PAYMENTS_CALL;

        public static Placement fromSystemProperty() {
            String v = System.getProperty("support.retry", "tool-call");
            return v.equals("payments-call") ? PAYMENTS_CALL : TOOL_CALL;
        }
    }

    private ToolRetryPolicy() {
    }

    public static RetryRegistry registry() {
        return RetryRegistry.of(RetryConfig.custom()
                .maxAttempts(MAX_ATTEMPTS)
                .waitDuration(WAIT)
                .retryOnException(ToolRetryPolicy::isNetworkError)
                .build());
    }

    /**
     * The {@code @Tool} methods of {@code toolObject}, each executor wrapped in its own retry, or in none
     * when {@code registry} is {@code null} (invocations are counted either way).
     */
    public static List<AiServiceTool> withRetries(Object toolObject, RetryRegistry registry, Telemetry telemetry) {
        List<AiServiceTool> out = new ArrayList<>();
        for (AiServiceTool tool : ToolService.findTools(toolObject)) {
            String name = tool.name();
            Retry retry = registry != null ? registry.retry("tool-" + name) : Retry.of("no-retry-" + name,
                    RetryConfig.custom().maxAttempts(1).build());
            retry.getEventPublisher().onRetry(event -> telemetry.frameworkRetry(name));
            ToolExecutor inner = tool.toolExecutor();
            ToolExecutor retrying = new ToolExecutor() {
                @Override
                public String execute(ToolExecutionRequest request, Object memoryId) {
                    return retry.executeSupplier(() -> {
                        telemetry.toolInvoked(name);
                        return inner.execute(request, memoryId);
                    });
                }

                @Override
                public ToolExecutionResult executeWithContext(ToolExecutionRequest request, InvocationContext context) {
                    return retry.executeSupplier(() -> {
                        telemetry.toolInvoked(name);
                        return inner.executeWithContext(request, context);
                    });
                }
            };
            out.add(tool.toBuilder().toolExecutor(retrying).build());
        }
        return out;
    }

    /** The retry for the payments call inside refund_order; its retries count as the tool's. */
    public static Retry paymentsRetry(RetryRegistry registry, Telemetry telemetry) {
        Retry retry = registry.retry("payments-refund");
        retry.getEventPublisher().onRetry(event -> telemetry.frameworkRetry("refund_order"));
        return retry;
    }

    /** A timeout, a reset connection...: anything with an {@link IOException} in its causes. */
    static boolean isNetworkError(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof IOException) {
                return true;
            }
        }
        return false;
    }
}
