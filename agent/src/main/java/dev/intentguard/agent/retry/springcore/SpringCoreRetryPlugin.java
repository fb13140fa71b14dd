package dev.intentguard.agent.retry.springcore;

import com.google.auto.service.AutoService;
import dev.intentguard.agent.log.AgentLoggers;
import dev.intentguard.agent.weave.AgentPlugin;
import dev.intentguard.agent.retry.RetryFrameworkPlugin;
import dev.intentguard.agent.weave.SupportedLibrary;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.matcher.ElementMatcher;
import org.slf4j.Logger;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * Spring Framework 7's own retry ({@code org.springframework.core.retry}; Spring Boot 4, Spring AI 2.0):
 * {@code RetryTemplate.execute(Retryable)} runs the operation, and after a failure loops {@code while
 * (retryPolicy.shouldRetry(lastException) ...)}, backing off before each retry (read in spring-core 7.0.0 and 7.0.10).
 * {@code @Retryable} methods ({@code @EnableResilientMethods}) run through {@code AbstractRetryInterceptor}, which builds
 * its policy with {@code RetryPolicy.builder()}, as applications do: both make a {@code DefaultRetryPolicy}, whose
 * {@code shouldRetry(Throwable)} is hooked here ({@link ShouldRetryAdvice}).
 *
 * <p>Inside a {@code side_effect} tool under {@code client-retries: suppress}, {@code shouldRetry} answers
 * {@code false} once the wire shows the outcome is unknown, so the template ends as if its retries were used up
 * ({@code RetryException}) and the tool ends {@code pending_unknown}; after a definite failure it retries, with the
 * same key. A policy that is not a {@code DefaultRetryPolicy} (the lambda of {@code RetryPolicy.withDefaults()}, which a
 * plain {@code new RetryTemplate()} uses, or one of the application's own) is not hooked: the HTTP guard still refuses
 * its retries of an unknown write before they are written. Spring Retry ({@code org.springframework.retry}) is the
 * {@code spring-retry} plugin.
 */
@AutoService(AgentPlugin.class)
public final class SpringCoreRetryPlugin extends RetryFrameworkPlugin {
    private static final Logger LOG = AgentLoggers.named("intentguard");

    static final String DEFAULT_RETRY_POLICY = "org.springframework.core.retry.DefaultRetryPolicy";

    private static final SupportedLibrary LIBRARY = new SupportedLibrary("Spring Framework core retry", "org.springframework",
            "spring-core", "7.0.0", "7.0.10", "org.springframework.core.retry.RetryTemplate");

    public SpringCoreRetryPlugin() {
        super(ShouldRetryAdvice.LIBRARY, LIBRARY, DEFAULT_RETRY_POLICY);
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        ElementMatcher.Junction<MethodDescription> decision = named("shouldRetry").and(takesArguments(1))
                .and(takesArgument(0, Throwable.class));
        if (type.getDeclaredMethods().filter(decision).isEmpty()) {
            LOG.warn("this Spring Framework's DefaultRetryPolicy has no shouldRetry(Throwable): its retries inside "
                    + "side_effect tools are not stopped after an unknown outcome (the HTTP guard still refuses them)");
            return builder;
        }
        return builder.visit(context.advice(ShouldRetryAdvice.class, loader).on(decision));
    }
}
