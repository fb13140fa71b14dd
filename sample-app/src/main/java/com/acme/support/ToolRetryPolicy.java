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
 * The agent framework's retry layer: every tool call goes through a Resilience4j {@link Retry} that tries a
 * tool again when it failed with a network error, up to 3 attempts in all (the LangGraph
 * {@code RetryPolicy} default the seed article quotes). LangChain4j has no tool retry of its own, so
 * services add one like this, around the tool executor: a retry of the whole tool call.
 */
public final class ToolRetryPolicy {
    public static final int MAX_ATTEMPTS = 3;
    public static final Duration WAIT = Duration.ofMillis(200);

    private ToolRetryPolicy() {
    }

    public static RetryRegistry registry() {
        return RetryRegistry.of(RetryConfig.custom()
                .maxAttempts(MAX_ATTEMPTS)
                .waitDuration(WAIT)
                .retryOnException(ToolRetryPolicy::isNetworkError)
                .build());
    }

    /** The {@code @Tool} methods of {@code toolObject}, each executor wrapped in its own retry. */
    public static List<AiServiceTool> withRetries(Object toolObject, RetryRegistry registry, Telemetry telemetry) {
        List<AiServiceTool> out = new ArrayList<>();
        for (AiServiceTool tool : ToolService.findTools(toolObject)) {
            String name = tool.name();
            Retry retry = registry.retry("tool-" + name);
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
