package dev.intentguard.agent.retry.openfeign;

import com.google.auto.service.AutoService;
import dev.intentguard.agent.weave.AgentPlugin;
import dev.intentguard.agent.weave.ExactNamePlugin;
import dev.intentguard.agent.weave.SupportedLibrary;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.matcher.ElementMatcher;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * OpenFeign's {@code Retryer}: {@code SynchronousMethodHandler} (and the async one) runs the request in a loop and, on a
 * {@code RetryableException} (any I/O failure of any method, or an answer with {@code Retry-After}), asks
 * {@code retryer.continueOrPropagate(e)}, which sleeps and returns to try again, or throws {@code e} to end the loop.
 * Plain Feign's default, {@code Retryer.Default}, makes 5 attempts (100 ms, then x1.5, up to 1 s); from 13.x its code
 * is in {@code DefaultRetryer}, which {@code Retryer.Default} extends (read in feign-core 10.12 and 13.13).
 *
 * <p>Inside a {@code side_effect} tool under {@code client-retries: suppress}, once the wire shows the outcome is
 * unknown (a request without an answer, an ambiguous status), {@code continueOrPropagate} throws {@code e} at once
 * without sleeping: Feign ends as if the attempts were used up, and the tool ends {@code pending_unknown}. After a
 * definite failure (nothing sent, a 429) Feign retries, with the same key. Under {@code same-key} every retry goes.
 * A Retryer of the application's own is not hooked; the HTTP guard still refuses its resends of an unknown write
 * before they are written. Spring Cloud OpenFeign's default is {@code Retryer.NEVER_RETRY}: nothing to stop.
 */
@AutoService(AgentPlugin.class)
public final class OpenFeignPlugin extends ExactNamePlugin {
    static final String DEFAULT = "feign.Retryer$Default";
    static final String DEFAULT_13 = "feign.DefaultRetryer";

    private static final SupportedLibrary LIBRARY = new SupportedLibrary("OpenFeign", "io.github.openfeign", "feign-core",
            "10.12", "13.13", "feign.Feign");

    public OpenFeignPlugin() {
        super(RetryerAdvice.LIBRARY, LIBRARY, DEFAULT, DEFAULT_13);
    }

    /** Its advice acts only inside guarded calls: its classes may be woven after the application's start. */
    @Override
    public boolean actsInsideToolCalls() {
        return true;
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        // Retryer.Default of 13.x declares no continueOrPropagate (DefaultRetryer's is inherited): nothing to add there.
        ElementMatcher.Junction<MethodDescription> decision = named("continueOrPropagate").and(takesArguments(1))
                .and(takesArgument(0, named("feign.RetryableException")));
        if (type.getDeclaredMethods().filter(decision).isEmpty()) {
            return builder;
        }
        return builder.visit(context.advice(RetryerAdvice.class, loader).on(decision));
    }
}
