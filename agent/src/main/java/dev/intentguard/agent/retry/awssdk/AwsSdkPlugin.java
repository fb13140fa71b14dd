package dev.intentguard.agent.retry.awssdk;

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

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.returns;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * The AWS SDK for Java v2's own retries. Every request of every service client, sync or async, over any HTTP client
 * (apache-client, url-connection-client, netty-nio-client, the CRT), goes through one {@code RetryableStageHelper}
 * per API call, made by {@code RetryableStage} or {@code AsyncRetryableStage} on the caller's thread; its methods
 * are the loop's steps (read in sdk-core 2.30.0, 2.45.0 and 2.59.1):
 * <ul>
 *   <li>the constructor gets the marshalled request ({@link HelperAdvice.Created});</li>
 *   <li>{@code startingAttempt()} and {@code requestToSend()} begin an attempt; the request to send gets the key
 *       header here, before the signing stage, so that SigV4 signs it ({@link HelperAdvice.Attempt},
 *       {@link HelperAdvice.ToSend});</li>
 *   <li>{@code setLastResponse} and {@code setLastException} say what the attempt got ({@link HelperAdvice.Answered},
 *       {@link HelperAdvice.Failed});</li>
 *   <li>{@code tryRefreshToken(Duration)} (and {@code tryRefreshTokenAsync} from 2.5x) asks the retry strategy for
 *       the next attempt. Its answer changed shape: {@code Optional<Duration>} up to 2.4x, then
 *       {@code Either<Duration, Duration>} (left: retry after; right: give up after), and a future of that for the
 *       async stage. Inside a {@code side_effect} tool whose request may have been acted on, the agent answers "give
 *       up" in the method's own shape, and the SDK throws its last failure as when its attempts are used up
 *       ({@link HelperAdvice.Refresh}).</li>
 * </ul>
 * What an attempt did on the wire comes from the HTTP client's plugin where there is one (Apache HttpClient 4,
 * HttpURLConnection); for a client the agent does not follow (Netty, the CRT) the SDK's own view is recorded instead:
 * a response's status, a connect failure (not sent), any other failure (no response: maybe acted on).
 *
 * <p>Idempotency tokens: an API that models one ({@code ClientRequestToken} of DynamoDB {@code TransactWriteItems},
 * the {@code ClientToken} of EC2, ECS...) gets a UUID from {@code IdempotentUtils}' generator when the caller sets
 * none, through the field's {@code DefaultValueTrait}. Inside a {@code side_effect} tool the token is derived from
 * the intent key instead ({@link TokenAdvice}), so that the service itself recognises a repeat of the intent, from any
 * replica, even after the agent's store lost it.
 */
@AutoService(AgentPlugin.class)
public final class AwsSdkPlugin extends ExactNamePlugin {
    private static final Logger LOG = AgentLoggers.named("intentguard");

    static final String HELPER = "software.amazon.awssdk.core.internal.http.pipeline.stages.utils.RetryableStageHelper";
    static final String DEFAULT_VALUE = "software.amazon.awssdk.core.traits.DefaultValueTrait";

    private static final SupportedLibrary LIBRARY = new SupportedLibrary("AWS SDK for Java v2", "software.amazon.awssdk",
            "sdk-core", "2.30.0", "2.59.1", "software.amazon.awssdk.core.SdkRequest");

    public AwsSdkPlugin() {
        super(AwsCalls.LIBRARY, LIBRARY, HELPER, DEFAULT_VALUE);
    }

    /** Its advice acts only inside guarded calls: its classes may be woven after the application's start. */
    @Override
    public boolean actsInsideToolCalls() {
        return true;
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        if (DEFAULT_VALUE.equals(type.getName())) {
            return builder.visit(context.calledAdvice(this, TokenAdvice.class, loader)
                    .on(named("resolveValue").and(takesArguments(1))));
        }
        ElementMatcher.Junction<MethodDescription> created = isConstructor()
                .and(takesArgument(0, named("software.amazon.awssdk.http.SdkHttpFullRequest")))
                .and(takesArgument(1, named("software.amazon.awssdk.core.internal.http.RequestExecutionContext")));
        // only the shapes AwsCalls.giveUp can answer in: a method skipped without an answer would return null to the SDK
        ElementMatcher.Junction<MethodDescription> refresh = named("tryRefreshToken").or(named("tryRefreshTokenAsync"))
                .and(takesArguments(1)).and(takesArgument(0, java.time.Duration.class))
                .and(returns(named("java.util.Optional")).or(returns(named("software.amazon.awssdk.utils.Either")))
                        .or(returns(named("java.util.concurrent.CompletableFuture"))));
        if (type.getDeclaredMethods().filter(created).isEmpty() || type.getDeclaredMethods().filter(refresh).isEmpty()) {
            LOG.warn("this AWS SDK for Java v2 version's RetryableStageHelper is not one intentguard knows (no tryRefreshToken): "
                    + "its retries are not stopped inside side_effect tools; the HTTP guard still refuses a resend of an "
                    + "unknown write over a client it follows");
            return builder;
        }
        return builder
                .visit(context.calledAdvice(this, HelperAdvice.Created.class, loader).on(created))
                .visit(context.calledAdvice(this, HelperAdvice.Attempt.class, loader)
                        .on(named("startingAttempt").and(takesArguments(0))))
                .visit(context.calledAdvice(this, HelperAdvice.ToSend.class, loader)
                        .on(named("requestToSend").and(takesArguments(0))))
                .visit(context.calledAdvice(this, HelperAdvice.Answered.class, loader)
                        .on(named("setLastResponse").and(takesArguments(1))))
                .visit(context.calledAdvice(this, HelperAdvice.Failed.class, loader)
                        .on(named("setLastException").and(takesArguments(1))))
                .visit(context.calledAdvice(this, HelperAdvice.Refresh.class, loader).on(refresh));
    }
}
