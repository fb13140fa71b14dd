package dev.intentguard.agent.http.reactornetty;

import com.google.auto.service.AutoService;
import dev.intentguard.agent.weave.AgentPlugin;
import dev.intentguard.agent.weave.ExactNamePlugin;
import dev.intentguard.agent.weave.SupportedLibrary;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * Reactor Netty's {@code HttpClient} (reactor-netty-http 1.2 and 1.3), which Spring {@code WebClient} uses by default
 * (also Azure's transport). One subscription of a request is {@code HttpClientConnect.MonoHttpConnect.subscribe},
 * which makes a new {@code HttpClientHandler}; the request itself is prepared on an event-loop thread in
 * {@code HttpClientHandler.requestWithBody(HttpClientOperations)}, and answered in
 * {@code HttpClientOperations.onInboundNext}; a failure on the connection reaches
 * {@code HttpClientConnect.HttpObserver.onUncaughtException}. An adapter only, on called advice:
 * <ul>
 *   <li>{@link SubscribeAdvice}: the tool's scope is found on the subscribing thread, or, for a resubscription by a
 *       {@code retryWhen} on a timer thread, on the subscription chain it was seen on first ({@link ReactorScopes});
 *       the handler made for the subscription is tagged with it;</li>
 *   <li>{@link RequestAdvice}: at the end of {@code requestWithBody}, before anything is written, the send begins (or
 *       is refused: the guard's {@code IOException} fails the subscription, nothing is written) and the request gets
 *       the key;</li>
 *   <li>{@link OutcomeAdvice}: the response status, or a failure before one (sent or not, by
 *       {@code hasSentHeaders});</li>
 *   <li>a subscription made in a tool is under way for it ({@link InFlight}) until its answer or its last error
 *       ({@code HttpClientHandler.test}, which every error reaches, a refused connection too): a tool that returns
 *       before (a {@code subscribe()} it does not wait for) ends {@code pending_unknown}.</li>
 * </ul>
 * Not covered: redirects the client follows ({@code followRedirect}, off by default), HTTP/2 and HTTP/3 streams, and a
 * key the application sets itself through {@code WebClient} (Spring writes its headers after this advice: its value
 * goes on the wire).
 */
@AutoService(AgentPlugin.class)
public final class ReactorNettyPlugin extends ExactNamePlugin {
    static final String MONO_CONNECT = "reactor.netty.http.client.HttpClientConnect$MonoHttpConnect";
    static final String HANDLER = "reactor.netty.http.client.HttpClientConnect$HttpClientHandler";
    static final String OBSERVER = "reactor.netty.http.client.HttpClientConnect$HttpObserver";
    static final String OPERATIONS = "reactor.netty.http.client.HttpClientOperations";
    static final String CLIENT = "reactor-netty";

    private static final SupportedLibrary LIBRARY = new SupportedLibrary("Reactor Netty", "io.projectreactor.netty",
            "reactor-netty-http", "1.2.16", "1.3.7", "reactor.netty.http.client.HttpClient");

    public ReactorNettyPlugin() {
        super(CLIENT, LIBRARY, MONO_CONNECT, HANDLER, OBSERVER, OPERATIONS);
    }

    /** Its advice acts only inside guarded calls: its classes may be woven after the application's start. */
    @Override
    public boolean actsInsideToolCalls() {
        return true;
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        switch (type.getName()) {
            case MONO_CONNECT:
                return builder.visit(context.calledAdvice(this, SubscribeAdvice.class, loader).on(named("subscribe")
                        .and(takesArguments(1)).and(takesArgument(0, named("reactor.core.CoreSubscriber")))));
            case HANDLER:
                return builder
                        .visit(context.calledAdvice(this, SubscribeAdvice.NewHandler.class, loader).on(isConstructor()))
                        .visit(context.calledAdvice(this, RequestAdvice.class, loader).on(named("requestWithBody")
                                .and(takesArguments(1))))
                        .visit(context.calledAdvice(this, SubscribeAdvice.LastError.class, loader).on(named("test")
                                .and(takesArguments(1)).and(takesArgument(0, Throwable.class))));
            case OPERATIONS:
                return builder.visit(context.calledAdvice(this, OutcomeAdvice.Answered.class, loader).on(named("onInboundNext")
                        .and(takesArguments(2))));
            case OBSERVER:
                return builder.visit(context.calledAdvice(this, OutcomeAdvice.Failed.class, loader).on(named("onUncaughtException")
                        .and(takesArguments(2))));
            default:
                return builder;
        }
    }
}
