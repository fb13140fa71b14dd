package dev.intentguard.agent.retry.smallrye;

import com.google.auto.service.AutoService;
import dev.intentguard.agent.log.AgentLoggers;
import dev.intentguard.agent.weave.AgentPlugin;
import dev.intentguard.agent.retry.RetryFrameworkPlugin;
import dev.intentguard.agent.weave.SupportedLibrary;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.method.ParameterList;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.matcher.ElementMatcher;
import org.slf4j.Logger;

/**
 * SmallRye Fault Tolerance's retry: the {@code io.smallrye.faulttolerance.core.retry.Retry} strategy behind MicroProfile
 * Fault Tolerance's {@code @Retry} (Quarkus, WildFly, Open Liberty's SmallRye-based builds; suggested around Quarkus
 * LangChain4j AI services) and SmallRye's programmatic {@code Guard}/{@code TypedGuard}, sync and asynchronous alike.
 * Since 6.9 the loop is built on SmallRye's own {@code Future}: each attempt's outcome reaches a lambda of
 * {@code Retry} taking {@code (..., Completer, ..., result, failure)} ({@code lambda$afterDelay$1} in 6.9,
 * {@code lambda$retryLoopIteration$3} in 6.10 and 6.11, read in 6.9.0, 6.10.0 and 6.11.2), which completes the
 * iteration with the failure when the retry does not apply to it, or goes on to the next attempt.
 *
 * <p>Inside a {@code side_effect} tool body under {@code client-retries: suppress}, once the wire shows the outcome is
 * unknown, that lambda completes the iteration with the failure, as for a failure the retry does not apply to: the
 * caller gets the failure and the tool ends {@code pending_unknown}. After a definite failure the retry goes, with the
 * same key; under {@code same-key} every retry goes. Around a tool, each retry is answered from the intent store.
 */
@AutoService(AgentPlugin.class)
public final class SmallRyeRetryPlugin extends RetryFrameworkPlugin {
    private static final Logger LOG = AgentLoggers.named("intentguard");

    static final String RETRY = "io.smallrye.faulttolerance.core.retry.Retry";
    static final String COMPLETER = "io.smallrye.faulttolerance.core.Completer";

    private static final SupportedLibrary LIBRARY = new SupportedLibrary("SmallRye Fault Tolerance", "io.smallrye",
            "smallrye-fault-tolerance-core", "6.9.0", "6.11.2", "io.smallrye.faulttolerance.core.retry.Retry");

    public SmallRyeRetryPlugin() {
        super(SmallRyeRetries.LIBRARY, LIBRARY, RETRY);
    }

    /** A lambda of the loop that gets an attempt's outcome: a {@code Completer} among its parameters, then (result, failure). */
    static final ElementMatcher<MethodDescription> OUTCOME = new OutcomeLambda();

    /** A class, not a lambda: this plugin is made in premain, and a cold JVM spins each lambda it meets. */
    private static final class OutcomeLambda implements ElementMatcher<MethodDescription> {
        @Override
        public boolean matches(MethodDescription method) {
            ParameterList<?> p = method.getParameters();
            int n = p.size();
            if (!method.getName().startsWith("lambda$") || n < 3
                    || !p.get(n - 1).getType().asErasure().represents(Throwable.class)
                    || !p.get(n - 2).getType().asErasure().represents(Object.class)) {
                return false;
            }
            for (int i = 0; i < n - 2; i++) {
                if (p.get(i).getType().asErasure().getName().equals(COMPLETER)) {
                    return true;
                }
            }
            return false;
        }
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        if (type.getDeclaredMethods().filter(OUTCOME).isEmpty()) {
            LOG.warn("this SmallRye Fault Tolerance version's Retry is not one intentguard knows (no lambda taking an "
                    + "attempt's outcome): its retries are not stopped inside side_effect tools; the HTTP guard still "
                    + "refuses a resend of an unknown write");
            return builder;
        }
        return builder.visit(context.calledAdvice(this, RetryLoopAdvice.class, loader).on(OUTCOME));
    }
}
