package dev.intentguard.agent.retry.stainless;

import com.google.auto.service.AutoService;
import dev.intentguard.agent.log.AgentLoggers;
import dev.intentguard.agent.weave.AgentPlugin;
import dev.intentguard.agent.weave.ExactNamePlugin;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.matcher.ElementMatcher;
import org.slf4j.Logger;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * The Stainless-generated SDKs, openai-java (3.x, 4.x) and anthropic-java (3.x): each wraps its HTTP client in a
 * {@code RetryingHttpClient} whose {@code execute}/{@code executeAsync} loop sends the same request again,
 * any method included, after any I/O failure (a read timeout: the request may have been processed) and
 * after 408, 409, 429 and 5xx, {@code maxRetries} times (2 by default), honouring {@code Retry-After}, with
 * no {@code Idempotency-Key} unless the application configured one. The loop asks the private
 * {@code shouldRetry(HttpResponse)} / {@code shouldRetry(Throwable)} before every retry (read in
 * openai-java-core 3.7.1 and 4.101.0 (where the loop moved into a private {@code executeInternal}) and
 * anthropic-java-core 3.14.0, {@code RetryingHttpClient.kt}: {@code if (++retries >
 * maxRetries || !shouldRetry(response)) return response}, the same for the throwable, and in
 * {@code executeAsync}'s callback).
 *
 * <p>The key: the SDKs' default transport is OkHttp (built with {@code retryOnConnectionFailure(false)}), which
 * the {@code http/okhttp} plugin keys on every attempt, so a retry that goes ahead ({@code client-retries:
 * same-key}) carries the intent key, a key the SDK set ({@code idempotencyHeader}) replaced. The retry loop
 * itself sits above OkHttp, so suppressing OkHttp's resends does not stop it: inside a {@code side_effect} tool
 * under {@code client-retries: suppress}, {@code shouldRetry} answers {@code false} for a keyed write once
 * anything may have reached the server; the SDK then returns the response or throws the failure as if it had
 * run out of retries, and the tool ends from what the wire showed. The loop's request is taken on
 * {@code execute}/{@code executeAsync} entry, because {@code shouldRetry} does not see it.
 */
@AutoService(AgentPlugin.class)
public final class StainlessPlugin extends ExactNamePlugin {
    private static final Logger LOG = AgentLoggers.named("intentguard");

    static final String OPENAI = "com.openai.core.http.RetryingHttpClient";
    static final String ANTHROPIC = "com.anthropic.core.http.RetryingHttpClient";

    public StainlessPlugin() {
        super("stainless", null, OPENAI, ANTHROPIC);
    }

    /** Its advice acts only inside guarded calls: its classes may be woven after the application's start. */
    @Override
    public boolean actsInsideToolCalls() {
        return true;
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        boolean openai = type.getName().equals(OPENAI);
        String pkg = openai ? "com.openai.core.http." : "com.anthropic.core.http.";
        ElementMatcher.Junction<MethodDescription> call = named("execute").or(named("executeAsync"))
                .and(takesArguments(2)).and(takesArgument(0, named(pkg + "HttpRequest")));
        ElementMatcher.Junction<MethodDescription> onResponse = named("shouldRetry").and(takesArguments(1))
                .and(takesArgument(0, named(pkg + "HttpResponse")));
        ElementMatcher.Junction<MethodDescription> onFailure = named("shouldRetry").and(takesArguments(1))
                .and(takesArgument(0, named("java.lang.Throwable")));
        if (type.getDeclaredMethods().filter(call).isEmpty() || type.getDeclaredMethods().filter(onResponse).isEmpty()
                || type.getDeclaredMethods().filter(onFailure).isEmpty()) {
            LOG.warn("this version of {} is not one intentguard knows (its RetryingHttpClient has no execute/shouldRetry): "
                    + "its own retries are not stopped inside side_effect tools; the key is still sent",
                    openai ? OpenAiAdvice.LIBRARY : AnthropicAdvice.LIBRARY);
        }
        if (openai) {
            return builder
                    .visit(context.advice(OpenAiAdvice.Call.class, loader).on(call))
                    .visit(context.advice(OpenAiAdvice.ResponseDecision.class, loader).on(onResponse))
                    .visit(context.advice(OpenAiAdvice.FailureDecision.class, loader).on(onFailure));
        }
        return builder
                .visit(context.advice(AnthropicAdvice.Call.class, loader).on(call))
                .visit(context.advice(AnthropicAdvice.ResponseDecision.class, loader).on(onResponse))
                .visit(context.advice(AnthropicAdvice.FailureDecision.class, loader).on(onFailure));
    }
}
