package dev.intentguard.agent.retry.springretry;

import com.google.auto.service.AutoService;
import dev.intentguard.agent.log.AgentLoggers;
import dev.intentguard.agent.weave.AgentPlugin;
import dev.intentguard.agent.retry.RetryFrameworkPlugin;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.matcher.ElementMatcher;
import org.slf4j.Logger;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * Spring Retry (2.0.x): {@code RetryTemplate} and {@code @Retryable} (whose interceptor runs a
 * {@code RetryTemplate}) loop in {@code RetryTemplate.doExecute}: {@code while (canRetry(policy, context) &&
 * !context.isExhaustedOnly()) { try { return callback.doWithRetry(context); } catch (e) {
 * registerThrowable(...); if (canRetry(...) && ...) backOff(); ... } }} then {@code handleRetryExhausted}
 * (read in spring-retry 2.0.13, {@code RetryTemplate.java}). Default: 3 attempts, any exception.
 *
 * <p>As for Resilience4j: around a guarded tool the re-invocations are answered from the intent map (logged);
 * inside the tool body, {@code canRetry} answers {@code false} once the wire shows the outcome is unknown
 * (inside a {@code side_effect} scope under {@code client-retries: suppress}), so the template ends as if the
 * attempts were used up. The template's policy is never changed; a subclass overriding {@code canRetry}
 * without calling it is not covered.
 */
@AutoService(AgentPlugin.class)
public final class SpringRetryPlugin extends RetryFrameworkPlugin {
    private static final Logger LOG = AgentLoggers.named("intentguard");

    static final String RETRY_TEMPLATE = "org.springframework.retry.support.RetryTemplate";

    public SpringRetryPlugin() {
        super("spring-retry", null, RETRY_TEMPLATE);
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        ElementMatcher.Junction<MethodDescription> canRetry = named("canRetry").and(takesArguments(2))
                .and(takesArgument(0, named("org.springframework.retry.RetryPolicy")))
                .and(takesArgument(1, named("org.springframework.retry.RetryContext")));
        ElementMatcher.Junction<MethodDescription> registerThrowable = named("registerThrowable").and(takesArguments(4))
                .and(takesArgument(2, named("org.springframework.retry.RetryContext")))
                .and(takesArgument(3, named("java.lang.Throwable")));
        if (type.getDeclaredMethods().filter(canRetry).isEmpty()) {
            LOG.warn("this Spring Retry version's RetryTemplate has no canRetry(RetryPolicy, RetryContext): its retries "
                    + "inside side_effect tools are not stopped after an unknown outcome");
        }
        return builder
                .visit(context.advice(RetryTemplateAdvice.CanRetry.class, loader).on(canRetry))
                .visit(context.advice(RetryTemplateAdvice.RegisterThrowable.class, loader).on(registerThrowable));
    }
}
