package dev.intentguard.agent.retry.azure;

import com.google.auto.service.AutoService;
import dev.intentguard.agent.log.AgentLoggers;
import dev.intentguard.agent.weave.AgentPlugin;
import dev.intentguard.agent.weave.ExactNamePlugin;
import dev.intentguard.agent.weave.SupportedLibrary;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.matcher.ElementMatcher;
import org.slf4j.Logger;

import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;

/**
 * The Azure SDK's {@code RetryPolicy} (azure-core), in every Azure client's HTTP pipeline: by default 3 retries with
 * exponential back-off after an I/O failure, a timeout, 408, 429, 500, 502, 503, 504, any method. The loop is
 * {@code attemptSync} (sync clients, {@code HttpPipeline.sendSync}) and {@code attemptAsync} (the reactive ones); each
 * asks the private static {@code shouldRetry(strategy, response, tryCount[, suppressed])} or
 * {@code shouldRetryException(strategy, throwable, tryCount[, suppressed])} (read in azure-core 1.36.0, 1.49.0 and
 * 1.58.1; the {@code suppressed} list came in 1.49).
 *
 * <p>The request gets the key header before its first attempt (the policy copies it for each). Its transports
 * (azure-core-http-netty: Reactor Netty; okhttp; the JDK's HttpClient) have plugins that record what the wire did, from
 * the versions they support; for one they do not follow (azure-core-http-netty 1.13 to 1.16.0 at least are on Reactor
 * Netty 1.0 or 1.2.8, older than the reactor-netty plugin's range), the policy's own view of each attempt is recorded
 * ({@code SdkAttempts}). Inside a {@code side_effect} tool under {@code client-retries: suppress}, a keyed write that
 * may have been acted on is not retried: both questions answer {@code false}, and the policy returns the response or
 * throws the failure as when its retries are used up. Under {@code same-key} every retry goes, with the intent key.
 * The decision is taken on the thread the policy runs on: the caller's for a sync client; for a reactive one, the
 * thread that got the answer, where the lambdas of {@code attemptAsync} run in the tool's scope, carried by the call's
 * {@code HttpPipelineCallContext}.
 */
@AutoService(AgentPlugin.class)
public final class AzureRetryPlugin extends ExactNamePlugin {
    private static final Logger LOG = AgentLoggers.named("intentguard");

    static final String RETRY_POLICY = "com.azure.core.http.policy.RetryPolicy";

    private static final SupportedLibrary LIBRARY = new SupportedLibrary("Azure SDK azure-core", "com.azure", "azure-core",
            "1.36.0", "1.58.1", "com.azure.core.http.HttpPipeline");

    public AzureRetryPlugin() {
        super(AzureCalls.LIBRARY, LIBRARY, RETRY_POLICY);
    }

    /** Its advice acts only inside guarded calls: its classes may be woven after the application's start. */
    @Override
    public boolean actsInsideToolCalls() {
        return true;
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        ElementMatcher.Junction<MethodDescription> attempt = named("attemptSync").or(named("attemptAsync"))
                .and(takesArgument(2, named("com.azure.core.http.HttpRequest"))).and(takesArgument(3, int.class));
        ElementMatcher.Junction<MethodDescription> onResponse = named("shouldRetry").and(isStatic())
                .and(takesArgument(0, named("com.azure.core.http.policy.RetryStrategy")))
                .and(takesArgument(1, named("com.azure.core.http.HttpResponse")));
        ElementMatcher.Junction<MethodDescription> onFailure = named("shouldRetryException").and(isStatic())
                .and(takesArgument(0, named("com.azure.core.http.policy.RetryStrategy")))
                .and(takesArgument(1, Throwable.class));
        if (type.getDeclaredMethods().filter(attempt).isEmpty() || type.getDeclaredMethods().filter(onResponse).isEmpty()
                || type.getDeclaredMethods().filter(onFailure).isEmpty()) {
            LOG.warn("this azure-core version's RetryPolicy is not one intentguard knows (no attemptSync/shouldRetry): "
                    + "its retries are not stopped inside side_effect tools; the HTTP guard still refuses a resend of an "
                    + "unknown write");
            return builder;
        }
        return builder
                .visit(context.calledAdvice(this, RetryPolicyAdvice.Attempt.class, loader).on(attempt))
                .visit(context.advice(RetryPolicyAdvice.InScope.class, loader).on(nameStartsWith("lambda$attemptAsync$")))
                .visit(context.calledAdvice(this, RetryPolicyAdvice.OnResponse.class, loader).on(onResponse))
                .visit(context.calledAdvice(this, RetryPolicyAdvice.OnFailure.class, loader).on(onFailure));
    }
}
