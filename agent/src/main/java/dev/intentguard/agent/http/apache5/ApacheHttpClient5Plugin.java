package dev.intentguard.agent.http.apache5;

import dev.intentguard.agent.weave.ExactNamePlugin;
import dev.intentguard.agent.weave.PluginContext;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;

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
 *   <li>{@link WireAttemptAdvice}, {@link ConnectFailureAdvice}: what each attempt showed.</li>
 * </ul>
 * The async client ({@code CloseableHttpAsyncClient}) is not covered: see {@link SuppressRetryAdvice}.
 */
public final class ApacheHttpClient5Plugin extends ExactNamePlugin {
    static final String INTERNAL_CLIENT = "org.apache.hc.client5.http.impl.classic.InternalHttpClient";
    static final String MINIMAL_CLIENT = "org.apache.hc.client5.http.impl.classic.MinimalHttpClient";
    static final String RETRY_STRATEGY = "org.apache.hc.client5.http.impl.DefaultHttpRequestRetryStrategy";
    static final String CONNECT_EXEC = "org.apache.hc.client5.http.impl.classic.ConnectExec";
    static final String REQUEST_EXECUTOR = "org.apache.hc.core5.http.impl.io.HttpRequestExecutor";

    private PluginContext context;

    public ApacheHttpClient5Plugin() {
        super(INTERNAL_CLIENT, MINIMAL_CLIENT, RETRY_STRATEGY, CONNECT_EXEC, REQUEST_EXECUTOR);
    }

    @Override
    public String name() {
        return "httpclient5";
    }

    @Override
    public void start(PluginContext context) {
        this.context = context;
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        switch (type.getName()) {
            case INTERNAL_CLIENT:
            case MINIMAL_CLIENT:
                return builder.visit(context.advice(KeyHeaderAdvice.class, loader).on(named("doExecute").and(takesArguments(3))
                        .and(takesArgument(1, named("org.apache.hc.core5.http.ClassicHttpRequest")))));
            case RETRY_STRATEGY:
                return builder
                        .visit(context.advice(SuppressRetryAdvice.OnIoError.class, loader).on(named("retryRequest")
                                .and(takesArguments(4)).and(takesArgument(1, java.io.IOException.class))))
                        .visit(context.advice(SuppressRetryAdvice.OnStatus.class, loader).on(named("retryRequest")
                                .and(takesArguments(3)).and(takesArgument(0, named("org.apache.hc.core5.http.HttpResponse")))));
            case CONNECT_EXEC:
                return builder.visit(context.advice(ConnectFailureAdvice.class, loader).on(named("execute").and(takesArguments(3))));
            case REQUEST_EXECUTOR:
                return builder.visit(context.advice(WireAttemptAdvice.class, loader).on(named("execute").and(takesArguments(4))
                        .and(takesArgument(0, named("org.apache.hc.core5.http.ClassicHttpRequest")))));
            default:
                return builder;
        }
    }
}
