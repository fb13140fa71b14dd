package dev.intentguard.agent.retry.stripe;

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
 * stripe-java: {@code com.stripe.net.HttpClient#sendWithRetries} sends a request up to
 * {@code maxNetworkRetries + 1} times (default 2 retries in 33.x), asking the private
 * {@code shouldRetry(numRetries, exception, request, response)} before each retry: after a
 * {@code ConnectException} or {@code SocketTimeoutException} (a timeout: the charge may have been made),
 * {@code Stripe-Should-Retry: true}, 409 and 5xx (read in stripe-java 33.3.0, {@code HttpClient.java}). Every
 * retry carries the same {@code Idempotency-Key}, a UUID stripe-java makes per call when the caller sets none
 * ({@code StripeRequest.buildHeaders}): a new call of the tool gets a new UUID, so Stripe would do it again.
 *
 * <p>Its default transport, {@code HttpURLConnectionClient}, goes through the {@code http/urlconnection}
 * plugin, which puts the intent key in place of that UUID and stops HttpURLConnection's own silent resend.
 * This plugin stops Stripe's loop above it: inside a {@code side_effect} tool under {@code client-retries:
 * suppress}, {@code shouldRetry} answers {@code false} for a keyed write once anything may have reached the
 * server (Stripe then throws the failure or returns the response as if out of retries). Under
 * {@code same-key} the retries go ahead, each with the intent key.
 */
@AutoService(AgentPlugin.class)
public final class StripePlugin extends ExactNamePlugin {
    private static final Logger LOG = AgentLoggers.named("intentguard");

    static final String HTTP_CLIENT = "com.stripe.net.HttpClient";

    public StripePlugin() {
        super("stripe", null, HTTP_CLIENT);
    }

    /** Its advice acts only inside guarded calls: its classes may be woven after the application's start. */
    @Override
    public boolean actsInsideToolCalls() {
        return true;
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        ElementMatcher.Junction<MethodDescription> call = named("sendWithRetries").and(takesArguments(2))
                .and(takesArgument(0, named("com.stripe.net.StripeRequest")));
        ElementMatcher.Junction<MethodDescription> decision = named("shouldRetry").and(takesArguments(4))
                .and(takesArgument(0, int.class))
                .and(takesArgument(1, named("com.stripe.exception.StripeException")))
                .and(takesArgument(2, named("com.stripe.net.StripeRequest")));
        if (type.getDeclaredMethods().filter(call).isEmpty() || type.getDeclaredMethods().filter(decision).isEmpty()) {
            LOG.warn("this stripe-java version's HttpClient is not one intentguard knows (no sendWithRetries/shouldRetry): "
                    + "its network retries are not stopped inside side_effect tools; the key is still sent");
        }
        return builder
                .visit(context.advice(StripeAdvice.Call.class, loader).on(call))
                .visit(context.advice(StripeAdvice.Decision.class, loader).on(decision));
    }
}
