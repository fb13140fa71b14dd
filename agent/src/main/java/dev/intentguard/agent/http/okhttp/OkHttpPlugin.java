package dev.intentguard.agent.http.okhttp;

import com.google.auto.service.AutoService;
import dev.intentguard.agent.log.AgentLoggers;
import dev.intentguard.agent.weave.AgentPlugin;
import dev.intentguard.agent.weave.ExactNamePlugin;
import dev.intentguard.agent.weave.PluginContext;
import dev.intentguard.agent.weave.SupportedLibrary;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.matcher.ElementMatcher;
import org.slf4j.Logger;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * OkHttp 4 and 5 ({@code okhttp3}). Both versions run every call through the same interceptor chain,
 * built per call in {@code RealCall.getResponseWithInterceptorChain}: application interceptors,
 * {@code RetryAndFollowUpInterceptor} (the hidden resends), bridge, cache, {@code ConnectInterceptor}
 * ({@code RealCall.initExchange}), network interceptors, {@code CallServerInterceptor} (the wire). The
 * advice sits on those OkHttp classes, never on the host's {@code OkHttpClient} settings: a request outside
 * a guarded tool runs exactly as before.
 * <ul>
 *   <li>{@link KeyHeaderAdvice}: the key, put on the request as it enters {@code RetryAndFollowUpInterceptor},
 *       so every attempt and follow-up of the call carries it;</li>
 *   <li>{@link SuppressRecoveryAdvice}, {@link SuppressFollowUpAdvice}: the resends it would make;</li>
 *   <li>{@link ConnectFailureAdvice}, {@link WireAttemptAdvice}: what each attempt showed;</li>
 *   <li>{@link EnqueueAdvice}, {@link AsyncCallScopeAdvice}: {@code Call.enqueue} runs the chain on the
 *       dispatcher's threads, in the scope of the tool that enqueued it.</li>
 * </ul>
 * The advice is called, not inlined ({@link PluginContext#calledAdvice}): {@link OkHttpCalls} reads OkHttp's requests
 * for the core's {@code HttpGuard}, which decides.
 */
@AutoService(AgentPlugin.class)
public final class OkHttpPlugin extends ExactNamePlugin {
    private static final Logger LOG = AgentLoggers.named("intentguard");

    static final String REAL_CALL = "okhttp3.internal.connection.RealCall";
    static final String ASYNC_CALL = "okhttp3.internal.connection.RealCall$AsyncCall";
    static final String CHAIN = "okhttp3.internal.http.RealInterceptorChain";
    static final String RETRY_AND_FOLLOW_UP = "okhttp3.internal.http.RetryAndFollowUpInterceptor";
    static final String CALL_SERVER = "okhttp3.internal.http.CallServerInterceptor";

    /**
     * OkHttp 4 is built without Maven metadata or a version in its manifest, so a 4.x jar is woven whatever its
     * version (each advice checks the shape it needs); OkHttp 5 says its version ({@code Bundle-Version}).
     */
    private static final SupportedLibrary LIBRARY = new SupportedLibrary("OkHttp", "com.squareup.okhttp3", "okhttp",
            "4.12.0", "5.5.1", "okhttp3.OkHttpClient");

    public OkHttpPlugin() {
        super(OkHttpCalls.CLIENT, LIBRARY, REAL_CALL, ASYNC_CALL, CHAIN, RETRY_AND_FOLLOW_UP, CALL_SERVER);
    }

    /** Its advice acts only inside guarded calls: its classes may be woven after the application's start. */
    @Override
    public boolean actsInsideToolCalls() {
        return true;
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        switch (type.getName()) {
            case REAL_CALL:
                return builder
                        .visit(context.calledAdvice(this, EnqueueAdvice.class, loader).on(named("enqueue").and(takesArguments(1))))
                        // internal fun initExchange: initExchange$okhttp in the class file (4.x and 5.x)
                        .visit(context.calledAdvice(this, ConnectFailureAdvice.class, loader).on(nameStartsWith("initExchange")
                                .and(takesArguments(1)).and(not(isConstructor()))));
            case ASYNC_CALL:
                return builder.visit(context.calledAdvice(this, AsyncCallScopeAdvice.class, loader).on(named("run").and(takesArguments(0))));
            case CHAIN:
                return builder.visit(context.calledAdvice(this, KeyHeaderAdvice.class, loader)
                        .on(named("proceed").and(takesArguments(1)).and(takesArgument(0, named("okhttp3.Request")))));
            case RETRY_AND_FOLLOW_UP:
                return retryAndFollowUp(builder, type, loader);
            case CALL_SERVER:
                return builder.visit(context.calledAdvice(this, WireAttemptAdvice.class, loader)
                        .on(named("intercept").and(takesArguments(1))));
            default:
                return builder;
        }
    }

    /**
     * {@code recover} changed its parameters in 5.x: {@code (IOException, RealCall, Request, boolean
     * requestSendStarted)} in 4.x, {@code (IOException, RealCall, Interceptor.Chain, Request)} in 5.x.
     */
    private DynamicType.Builder<?> retryAndFollowUp(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        ElementMatcher.Junction<MethodDescription> recover4 = named("recover").and(takesArguments(4))
                .and(takesArgument(2, named("okhttp3.Request"))).and(takesArgument(3, boolean.class));
        ElementMatcher.Junction<MethodDescription> recover5 = named("recover").and(takesArguments(4))
                .and(takesArgument(2, named("okhttp3.Interceptor$Chain"))).and(takesArgument(3, named("okhttp3.Request")));
        ElementMatcher.Junction<MethodDescription> followUp = named("followUpRequest")
                .and(takesArgument(0, named("okhttp3.Response")));
        boolean known = !type.getDeclaredMethods().filter(recover4.or(recover5)).isEmpty();
        if (!known || type.getDeclaredMethods().filter(followUp).isEmpty()) {
            LOG.warn("this OkHttp version's RetryAndFollowUpInterceptor is not one intentguard knows (4.x, 5.x): "
                    + "its resends are not suppressed inside side_effect tools; the key is still sent");
        }
        return builder
                .visit(context.calledAdvice(this, SuppressRecoveryAdvice.OkHttp4.class, loader).on(recover4))
                .visit(context.calledAdvice(this, SuppressRecoveryAdvice.OkHttp5.class, loader).on(recover5))
                .visit(context.calledAdvice(this, SuppressFollowUpAdvice.class, loader).on(followUp));
    }
}
