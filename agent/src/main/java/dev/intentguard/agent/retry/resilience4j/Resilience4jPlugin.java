package dev.intentguard.agent.retry.resilience4j;

import com.google.auto.service.AutoService;
import dev.intentguard.agent.log.AgentLoggers;
import dev.intentguard.agent.weave.AgentPlugin;
import dev.intentguard.agent.retry.RetryFrameworkPlugin;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.matcher.ElementMatcher;
import org.slf4j.Logger;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.returns;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * Resilience4j {@code Retry} (2.x, default 3 attempts, any exception): every synchronous decorator
 * ({@code Retry.decorateCheckedSupplier}, {@code decorateSupplier}, {@code executeCallable}, ...) loops
 * {@code try { result = op(); if (!context.onResult(result)) return result; } catch (e) { context.onError(e); }}
 * on a fresh {@code RetryImpl.ContextImpl} (read in resilience4j-retry 2.4.0, {@code Retry.java} and
 * {@code RetryImpl.java}). {@code onError}/{@code onRuntimeError} decide: they return normally (after the wait)
 * to try again, or throw the failure; {@code onResult} answers whether a result is retried.
 *
 * <p>Two placements, two behaviours:
 * <ul>
 *   <li>around a guarded tool (the framework calls the tool again): nothing to stop. The tool's first call
 *       ends {@code pending_unknown}; a typed tool throws {@code OutcomeUnknownException}, which Resilience4j
 *       retries, and each retry is answered from the intent map without running the body (no request). The
 *       advice only logs it ({@code intentguard.retry}).</li>
 *   <li>inside the tool body, around the HTTP call: once the wire shows the outcome is unknown, the next attempt
 *       would send it again; {@code onError}/{@code onResult} then end the loop with the failure (or result) as
 *       if the attempts were used up, and the tool ends {@code pending_unknown}. After a definite failure
 *       (nothing sent) Resilience4j retries, with the same key. Only inside a {@code side_effect} scope under
 *       {@code client-retries: suppress}; the host's {@code RetryConfig} is never changed.</li>
 * </ul>
 * The asynchronous retry ({@code executeCompletionStage}, {@code decorateCompletionStage}) decides in
 * {@code RetryImpl.AsyncContextImpl.onError(Throwable)}, on whatever thread completes the attempt's stage: a delay to
 * try again after, or {@code -1} to complete with the failure. Inside a tool whose wire leaves the outcome unknown, a
 * delay becomes {@code -1} ({@link ContextAdvice.OnAsyncError}); the tool's scope reaches that thread when the stage
 * runs on an executor or {@code CompletableFuture} pool (the {@code async-scope} plugin). Resilience4j has then already
 * published its retry event: its metrics count a retry that was not made.
 */
@AutoService(AgentPlugin.class)
public final class Resilience4jPlugin extends RetryFrameworkPlugin {
    private static final Logger LOG = AgentLoggers.named("intentguard");

    static final String CONTEXT = "io.github.resilience4j.retry.internal.RetryImpl$ContextImpl";
    static final String ASYNC_CONTEXT = "io.github.resilience4j.retry.internal.RetryImpl$AsyncContextImpl";

    public Resilience4jPlugin() {
        super("resilience4j", null, CONTEXT, ASYNC_CONTEXT);
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        if (type.getName().equals(ASYNC_CONTEXT)) {
            ElementMatcher.Junction<MethodDescription> onAsyncError = named("onError").and(takesArguments(1))
                    .and(takesArgument(0, Throwable.class)).and(returns(long.class));
            if (type.getDeclaredMethods().filter(onAsyncError).size() != 1) {
                LOG.warn("this Resilience4j version's RetryImpl.AsyncContextImpl has no long onError(Throwable): its "
                        + "asynchronous retries inside side_effect tools are not stopped after an unknown outcome (the HTTP "
                        + "guard still refuses them)");
                return builder;
            }
            return builder.visit(context.advice(ContextAdvice.OnAsyncError.class, loader).on(onAsyncError));
        }
        ElementMatcher.Junction<MethodDescription> onFailure = takesArguments(1).and(
                named("onError").and(takesArgument(0, named("java.lang.Exception")))
                        .or(named("onRuntimeError").and(takesArgument(0, named("java.lang.RuntimeException")))));
        ElementMatcher.Junction<MethodDescription> onResult = named("onResult").and(takesArguments(1));
        boolean known = type.getDeclaredFields().filter(named("numOfAttempts")).size() == 1
                && type.getDeclaredFields().filter(named("this$0")).size() == 1
                && type.getDeclaredMethods().filter(onFailure).size() == 2
                && type.getDeclaredMethods().filter(onResult).size() == 1;
        if (!known) {
            LOG.warn("this Resilience4j version's RetryImpl.ContextImpl is not one intentguard knows (2.x): its retries "
                    + "inside side_effect tools are not stopped after an unknown outcome");
            return builder;
        }
        return builder
                .visit(context.advice(ContextAdvice.OnFailure.class, loader).on(onFailure))
                .visit(context.advice(ContextAdvice.OnResult.class, loader).on(onResult))
                .visit(context.advice(ContextAdvice.OnStart.class, loader).on(isConstructor()));
    }
}
