package dev.intentguard.agent.http.apache5;

import com.google.auto.service.AutoService;
import dev.intentguard.agent.log.AgentLoggers;
import dev.intentguard.agent.weave.AgentPlugin;
import dev.intentguard.agent.weave.ExactNamePlugin;
import dev.intentguard.agent.weave.PluginContext;
import dev.intentguard.agent.weave.SupportedLibrary;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import org.slf4j.Logger;

import static net.bytebuddy.matcher.ElementMatchers.fieldType;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * Apache HttpClient 5, classic ({@code org.apache.hc.client5.http.impl.classic}). Every {@code execute}
 * overload ends in {@code doExecute(target, request, context)}, which copies the request into the exec
 * chain: redirect, {@code HttpRequestRetryExec} (resends a fresh copy of the caller's request:
 * {@code ClassicRequestBuilder.copy(scope.originalRequest)}), protocol, {@code ConnectExec},
 * {@code MainClientExec}, and at the end httpcore's {@code HttpRequestExecutor} on a connected connection.
 * <ul>
 *   <li>{@link KeyHeaderAdvice}: the key on the caller's request for the time of {@code doExecute}, so the
 *       first copy and every retry copy carry it;</li>
 *   <li>{@link SuppressRetryAdvice}: {@code DefaultHttpRequestRetryStrategy.retryRequest} (both overloads)
 *       answers {@code false} for keyed requests of a side_effect scope ({@code client-retries: suppress});</li>
 *   <li>{@link WireAttemptAdvice}, {@link ConnectFailureAdvice}: what each attempt showed;</li>
 *   <li>{@link RedirectAdvice}: {@code DefaultRedirectStrategy.getLocationURI}, a redirect about to be followed.</li>
 * </ul>
 * The async client ({@code CloseableHttpAsyncClient} from {@code HttpAsyncClients}, HTTP/1.1) runs the same
 * retry strategy in {@code AsyncHttpRequestRetryExec} on I/O reactor and scheduler threads:
 * {@link AsyncKeyHeaderAdvice} keys the client's copy of the request and tags the execution with the tool
 * scope, {@link AsyncAttemptScopeAdvice} passes it to each attempt's request, {@link AsyncWireAttemptAdvice}
 * records each attempt from the exchange handler. The HTTP/2-only async client ({@code H2AsyncClientBuilder},
 * {@code H2AsyncMainClientExec}) gets the key and the suppression, not the attempt records (its exchange
 * handler is another anonymous class; untested here). The advice is called, not inlined
 * ({@link PluginContext#calledAdvice}): {@link Apache5Requests} reads the client's requests for the core's
 * {@code HttpGuard}, which decides.
 */
@AutoService(AgentPlugin.class)
public final class ApacheHttpClient5Plugin extends ExactNamePlugin {
    static final String INTERNAL_CLIENT = "org.apache.hc.client5.http.impl.classic.InternalHttpClient";
    static final String MINIMAL_CLIENT = "org.apache.hc.client5.http.impl.classic.MinimalHttpClient";
    static final String RETRY_STRATEGY = "org.apache.hc.client5.http.impl.DefaultHttpRequestRetryStrategy";
    static final String REDIRECT_STRATEGY = "org.apache.hc.client5.http.impl.DefaultRedirectStrategy";
    static final String CONNECT_EXEC = "org.apache.hc.client5.http.impl.classic.ConnectExec";
    static final String REQUEST_EXECUTOR = "org.apache.hc.core5.http.impl.io.HttpRequestExecutor";
    static final String ASYNC_CLIENT = "org.apache.hc.client5.http.impl.async.InternalAbstractHttpAsyncClient";
    static final String ASYNC_MAIN_EXEC = "org.apache.hc.client5.http.impl.async.HttpAsyncMainClientExec";
    static final String ASYNC_H2_MAIN_EXEC = "org.apache.hc.client5.http.impl.async.H2AsyncMainClientExec";
    static final String ASYNC_EXCHANGE_HANDLER = "org.apache.hc.client5.http.impl.async.HttpAsyncMainClientExec$1";
    static final String ASYNC_CALLBACK = "org.apache.hc.client5.http.impl.async.InternalAbstractHttpAsyncClient$2";
    private static final Logger LOG = AgentLoggers.named("intentguard");

    /** The async client's hooks have their shape from 5.3 on (5.1 and 5.2 differ); the classic ones from 5.1. */
    private static final SupportedLibrary LIBRARY = new SupportedLibrary("Apache HttpClient 5", "org.apache.httpcomponents.client5",
            "httpclient5", "5.3.1", "5.6.5", INTERNAL_CLIENT);

    public ApacheHttpClient5Plugin() {
        super(Apache5Requests.CLIENT, LIBRARY, INTERNAL_CLIENT, MINIMAL_CLIENT, RETRY_STRATEGY, REDIRECT_STRATEGY, CONNECT_EXEC, REQUEST_EXECUTOR,
                ASYNC_CLIENT, ASYNC_MAIN_EXEC, ASYNC_H2_MAIN_EXEC, ASYNC_EXCHANGE_HANDLER, ASYNC_CALLBACK);
    }

    /** Its advice acts only inside guarded calls: its classes may be woven after the application's start. */
    @Override
    public boolean actsInsideToolCalls() {
        return true;
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        switch (type.getName()) {
            case INTERNAL_CLIENT:
            case MINIMAL_CLIENT:
                return builder.visit(context.calledAdvice(this, KeyHeaderAdvice.class, loader).on(named("doExecute").and(takesArguments(3))
                        .and(takesArgument(1, named("org.apache.hc.core5.http.ClassicHttpRequest")))));
            case RETRY_STRATEGY:
                return builder
                        .visit(context.calledAdvice(this, SuppressRetryAdvice.OnIoError.class, loader).on(named("retryRequest")
                                .and(takesArguments(4)).and(takesArgument(1, java.io.IOException.class))))
                        .visit(context.calledAdvice(this, SuppressRetryAdvice.OnStatus.class, loader).on(named("retryRequest")
                                .and(takesArguments(3)).and(takesArgument(0, named("org.apache.hc.core5.http.HttpResponse")))));
            case REDIRECT_STRATEGY:
                return builder.visit(context.calledAdvice(this, RedirectAdvice.class, loader).on(named("getLocationURI").and(takesArguments(3))));
            case CONNECT_EXEC:
                return builder.visit(context.calledAdvice(this, ConnectFailureAdvice.class, loader).on(named("execute").and(takesArguments(3))));
            case REQUEST_EXECUTOR:
                return builder.visit(context.calledAdvice(this, WireAttemptAdvice.class, loader).on(named("execute").and(takesArguments(4))
                        .and(takesArgument(0, named("org.apache.hc.core5.http.ClassicHttpRequest")))));
            case ASYNC_CLIENT:
                return builder.visit(context.calledAdvice(this, AsyncKeyHeaderAdvice.class, loader).on(named("executeImmediate")
                        .and(takesArguments(5)).and(takesArgument(0, named("org.apache.hc.core5.http.HttpRequest")))));
            case ASYNC_MAIN_EXEC:
            case ASYNC_H2_MAIN_EXEC:
                return builder.visit(context.calledAdvice(this, AsyncAttemptScopeAdvice.class, loader).on(named("execute")
                        .and(takesArguments(5)).and(takesArgument(0, named("org.apache.hc.core5.http.HttpRequest")))));
            case ASYNC_EXCHANGE_HANDLER:
                return asyncExchangeHandler(builder, type, loader);
            case ASYNC_CALLBACK:
                return asyncCallback(builder, type, loader);
            default:
                return builder;
        }
    }

    /**
     * The client's own callback of an execution ({@code InternalAbstractHttpAsyncClient$2}): woven only when it is the
     * {@code AsyncExecCallback} this version of the source has there. (The hand-off begins only for a callback of that
     * class name, so a release that reorders its anonymous classes leaves async calls judged without it.)
     */
    private DynamicType.Builder<?> asyncCallback(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        boolean callback = type.getInterfaces().asErasures().stream()
                .anyMatch(i -> i.getName().equals("org.apache.hc.client5.http.async.AsyncExecCallback"));
        if (!callback) {
            LOG.warn("{} is not the execution callback intentguard knows: an async HttpClient 5 call a tool does not "
                    + "wait for is not seen as under way", type.getName());
            return builder;
        }
        return builder.visit(context.calledAdvice(this, AsyncCallbackAdvice.class, loader).on(named("completed").and(takesArguments(0))
                .or(named("failed").and(takesArguments(1))).or(named("handleResponse").and(takesArguments(2)))));
    }

    /**
     * The anonymous handler class of {@code HttpAsyncMainClientExec}: woven only when it is what this version
     * of the source says (the exchange handler, holding the request in {@code val$request}); a later
     * release that reorders its anonymous classes goes without attempt records, and says so once.
     */
    private DynamicType.Builder<?> asyncExchangeHandler(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        boolean handler = type.getInterfaces().asErasures().stream()
                .anyMatch(i -> i.getName().equals("org.apache.hc.core5.http.nio.AsyncClientExchangeHandler"));
        boolean holdsRequest = !type.getDeclaredFields().filter(named("val$request")
                .and(fieldType(named("org.apache.hc.core5.http.HttpRequest")))).isEmpty();
        if (!handler || !holdsRequest) {
            LOG.warn("{} is not the exchange handler intentguard knows: async HttpClient 5 attempts are not recorded "
                    + "(the key and the retry suppression still apply)", type.getName());
            return builder;
        }
        return builder
                .visit(context.calledAdvice(this, AsyncWireAttemptAdvice.Sent.class, loader).on(named("produceRequest").and(takesArguments(2))))
                .visit(context.calledAdvice(this, AsyncWireAttemptAdvice.Answered.class, loader).on(named("consumeResponse").and(takesArguments(3))))
                .visit(context.calledAdvice(this, AsyncWireAttemptAdvice.Failed.class, loader).on(named("failed")
                        .and(takesArguments(1)).and(takesArgument(0, Exception.class))));
    }
}
