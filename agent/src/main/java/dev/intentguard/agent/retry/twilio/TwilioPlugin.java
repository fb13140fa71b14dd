package dev.intentguard.agent.retry.twilio;

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

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * twilio-java: every API call goes through {@code com.twilio.http.HttpClient#reliableRequest(request, retryCodes,
 * retries, delayMillis)}, which makes the request up to 3 times, 100 ms apart, while the protected
 * {@code shouldRetry(response, retryCodes)} says so: no response, or any 5xx (read in twilio-java 10.0.0 and 13.0.1;
 * a failure to connect or read throws {@code ApiConnectionException} out of the loop instead). Any method: a message
 * the provider sent before answering 500 is sent again, with no idempotency key (Twilio's API takes an
 * {@code I-Twilio-Idempotency-Token} only from the caller).
 *
 * <p>Its transport, {@code NetworkHttpClient}, is Apache HttpClient 4 (10.x, 11.x) or 5 (12.x and later), whose
 * plugins put the key on the request and record what the wire did. This plugin stops Twilio's loop above them: inside
 * a {@code side_effect} tool under {@code client-retries: suppress}, {@code shouldRetry} answers {@code false} for a
 * keyed write once it may have been acted on (Twilio then returns the 5xx response, which its API turns into an
 * {@code ApiException}). Under {@code same-key} the retries go ahead, each with the intent key.
 */
@AutoService(AgentPlugin.class)
public final class TwilioPlugin extends ExactNamePlugin {
    private static final Logger LOG = AgentLoggers.named("intentguard");

    static final String HTTP_CLIENT = "com.twilio.http.HttpClient";

    private static final SupportedLibrary LIBRARY = new SupportedLibrary("twilio-java", "com.twilio.sdk", "twilio",
            "10.0.0", "13.0.1", "com.twilio.Twilio");

    public TwilioPlugin() {
        super("twilio", LIBRARY, HTTP_CLIENT);
    }

    /** Its advice acts only inside guarded calls: its classes may be woven after the application's start. */
    @Override
    public boolean actsInsideToolCalls() {
        return true;
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        ElementMatcher.Junction<MethodDescription> call = named("reliableRequest").and(takesArguments(4))
                .and(takesArgument(0, named("com.twilio.http.Request")));
        ElementMatcher.Junction<MethodDescription> decision = named("shouldRetry").and(takesArguments(2))
                .and(takesArgument(0, named("com.twilio.http.Response")));
        if (type.getDeclaredMethods().filter(call).isEmpty() || type.getDeclaredMethods().filter(decision).isEmpty()) {
            LOG.warn("this twilio-java version's HttpClient is not one intentguard knows (no reliableRequest/shouldRetry): "
                    + "its retries are not stopped inside side_effect tools; the HTTP guard still refuses a resend of an "
                    + "unknown write");
            return builder;
        }
        return builder
                .visit(context.advice(TwilioAdvice.Call.class, loader).on(call))
                .visit(context.advice(TwilioAdvice.Decision.class, loader).on(decision));
    }
}
