package dev.intentguard.agent.http.jdk;

import com.google.auto.service.AutoService;
import dev.intentguard.agent.weave.AgentPlugin;
import dev.intentguard.agent.weave.ExactNamePlugin;
import dev.intentguard.agent.weave.PluginContext;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.isPrivate;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * {@code java.net.http.HttpClient} (module {@code java.net.http}, the JDK's own classes). Hook points, read from
 * {@code jdk.internal.net.http} of JDK 17.0.15, 17.0.21 and 25.0.3:
 * <ul>
 *   <li>{@code HttpClientImpl#sendAsync(HttpRequest, BodyHandler, PushPromiseHandler, Executor)}, the private method
 *       {@code send} and both public {@code sendAsync} end in, on the caller's thread: the key goes on the user's
 *       request there ({@link KeyHeaderAdvice}). Every copy the client makes later ({@code HttpRequestImpl} per
 *       send, per redirect, per authentication round; {@code MultiExchange} re-sends the same copy) takes its
 *       headers from it, so every attempt carries the key.</li>
 *   <li>{@code HttpRequestImpl} constructors: the scope is carried on each copy ({@link CarryScopeAdvice},
 *       {@link FollowScopeAdvice}), because the exchange runs on the client's executor and selector threads.</li>
 *   <li>{@code Response} constructor: one per response received ({@link ResponseAdvice}).</li>
 *   <li>{@code MultiExchange#getExceptionalCF}: every failed attempt passes here, and a {@code null} return is
 *       the client's decision to send the request again (connect retry, expired pooled connection, unprocessed
 *       by the peer) ({@link RetryDecisionAdvice}). The {@code jdk.httpclient.*} switches behind that decision are
 *       static finals read at class initialisation, so the decision is overridden per request instead.</li>
 * </ul>
 * The advice is called, not inlined ({@link PluginContext#calledAdvice}): {@link JdkRequests} reads the client's
 * requests for the core's {@code HttpGuard}, which decides.
 */
@AutoService(AgentPlugin.class)
public final class JdkHttpClientPlugin extends ExactNamePlugin {
    private static final String PKG = "jdk.internal.net.http.";

    public JdkHttpClientPlugin() {
        super(JdkRequests.CLIENT, null, PKG + "HttpClientImpl", PKG + "HttpRequestImpl", PKG + "Response", PKG + "MultiExchange");
    }

    /** Its advice acts only inside guarded calls: its classes may be woven after the application's start. */
    @Override
    public boolean actsInsideToolCalls() {
        return true;
    }

    @Override
    public boolean instrumentsJdkClasses() {
        return true;
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        switch (type.getName()) {
            case PKG + "HttpClientImpl":
                return builder.visit(context.calledAdvice(this, KeyHeaderAdvice.class, loader)
                        .on(named("sendAsync").and(isPrivate()).and(takesArguments(4))));
            case PKG + "HttpRequestImpl":
                return builder
                        .visit(context.calledAdvice(this, CarryScopeAdvice.class, loader).on(isConstructor().and(takesArguments(2))
                                .and(takesArgument(1, named("java.net.ProxySelector")))))
                        .visit(context.calledAdvice(this, FollowScopeAdvice.class, loader).on(isConstructor()
                                .and(takesArgument(0, named("java.net.URI")))
                                .and(takesArgument(2, named(PKG + "HttpRequestImpl")))));
            case PKG + "Response":
                return builder.visit(context.calledAdvice(this, ResponseAdvice.class, loader).on(isConstructor().and(takesArguments(7))));
            case PKG + "MultiExchange":
                return builder.visit(context.calledAdvice(this, RetryDecisionAdvice.class, loader).on(named("getExceptionalCF")));
            default:
                return builder;
        }
    }
}
