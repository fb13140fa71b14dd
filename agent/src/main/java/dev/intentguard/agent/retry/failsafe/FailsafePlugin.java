package dev.intentguard.agent.retry.failsafe;

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
 * Failsafe's {@code RetryPolicy} (3.3.x): every execution, sync ({@code Failsafe.with(policy).get/run}) or async
 * ({@code getAsync}, {@code getStageAsync}), asks {@code RetryPolicyExecutor.onFailure(context, result)} after a failed
 * attempt; the {@code ExecutionResult} it returns says whether the execution is complete or is tried again after its
 * delay (read in failsafe 3.3.2, {@code RetryPolicyExecutor.java}, {@code PolicyExecutor.java}).
 *
 * <p>Inside a {@code side_effect} tool under {@code client-retries: suppress}, once the wire shows the outcome is
 * unknown, a result that is not complete is made complete and not successful, Failsafe's own "no more retries": the
 * execution ends with the failure and the tool ends {@code pending_unknown}. After a definite failure it retries, with
 * the same key. Asynchronous attempts are stopped when the tool's scope reaches the thread that decides (the
 * {@code async-scope} plugin carries it to executors and {@code CompletableFuture} stages). Failsafe 3.0 to 3.2 read the
 * failure with another accessor ({@code getFailure}): they are left alone, and the HTTP guard refuses their resends.
 */
@AutoService(AgentPlugin.class)
public final class FailsafePlugin extends RetryFrameworkPlugin {
    private static final Logger LOG = AgentLoggers.named("intentguard");

    static final String EXECUTOR = "dev.failsafe.internal.RetryPolicyExecutor";

    private static final SupportedLibrary LIBRARY = new SupportedLibrary("Failsafe", "dev.failsafe", "failsafe",
            "3.3.0", "3.3.2", "dev.failsafe.Failsafe");

    public FailsafePlugin() {
        super(OnFailureAdvice.LIBRARY, LIBRARY, EXECUTOR);
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        ElementMatcher.Junction<MethodDescription> decision = named("onFailure").and(takesArguments(2))
                .and(takesArgument(0, named("dev.failsafe.ExecutionContext")))
                .and(takesArgument(1, named("dev.failsafe.spi.ExecutionResult")));
        if (type.getDeclaredMethods().filter(decision).isEmpty()) {
            LOG.warn("this Failsafe version's RetryPolicyExecutor has no onFailure(ExecutionContext, ExecutionResult): its "
                    + "retries inside side_effect tools are not stopped after an unknown outcome (the HTTP guard still "
                    + "refuses them)");
            return builder;
        }
        return builder.visit(context.advice(OnFailureAdvice.class, loader).on(decision));
    }
}
