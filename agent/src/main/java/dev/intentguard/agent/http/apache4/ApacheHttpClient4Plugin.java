package dev.intentguard.agent.http.apache4;

import com.google.auto.service.AutoService;
import dev.intentguard.agent.weave.AgentPlugin;
import dev.intentguard.agent.weave.ExactNamePlugin;
import dev.intentguard.agent.weave.PluginContext;
import dev.intentguard.agent.weave.SupportedLibrary;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * Apache HttpClient 4 classic ({@code org.apache.http.impl.client}, 4.3 to 4.5: SendGrid's client, Google's Apache
 * transport, the AWS SDK v1 and many vendor SDKs). Every {@code execute} overload ends in
 * {@code doExecute(target, request, context)}, which wraps the request (copying its headers) and runs the exec chain:
 * {@code RedirectExec}, {@code ServiceUnavailableRetryExec} (when configured), {@code RetryExec} (resends the same
 * wrapper after an I/O error: by default 3 times for a request it takes as idempotent, and a POST without a body is
 * one), {@code ProtocolExec}, {@code MainClientExec} (connects, then httpcore's {@code HttpRequestExecutor}).
 * This plugin is an adapter only: the advice is called, not inlined ({@link PluginContext#calledAdvice}), and
 * {@link Apache4Requests} reads the library's requests for the core's {@code HttpGuard}, which decides.
 * <ul>
 *   <li>{@link ExchangeAdvice}: the send begins (or is refused) and the caller's request carries the key for the time
 *       of {@code doExecute}, so every attempt and redirect copy has it; then the request is given back as it was;</li>
 *   <li>{@link RetryAdvice}: {@code DefaultHttpRequestRetryHandler.retryRequest} (and {@code Standard...}, its
 *       subclass) and {@code DefaultServiceUnavailableRetryStrategy.retryRequest} answer {@code false} for a keyed
 *       write that may have been acted on;</li>
 *   <li>{@link WireAdvice}: each attempt on a connection, and a connection that could not be made;</li>
 *   <li>{@link RedirectAdvice}: a redirect about to be followed ({@code LaxRedirectStrategy} follows a POST's 307).</li>
 * </ul>
 * Not covered: the async client ({@code httpasyncclient}); the deprecated {@code DefaultHttpClient}
 * ({@code AbstractHttpClient}, which never reaches {@code doExecute}: no key, no refusal, though its attempts are
 * recorded and the default retry handler is asked as here); a host's own {@code HttpRequestRetryHandler} written from
 * scratch (its resends go with the same key, and the guard's last line refuses a repeat the application makes).
 * Through a proxy, the tunnel's {@code CONNECT} is not taken for the application's request.
 */
@AutoService(AgentPlugin.class)
public final class ApacheHttpClient4Plugin extends ExactNamePlugin {
    static final String INTERNAL_CLIENT = "org.apache.http.impl.client.InternalHttpClient";
    static final String MINIMAL_CLIENT = "org.apache.http.impl.client.MinimalHttpClient";
    static final String RETRY_HANDLER = "org.apache.http.impl.client.DefaultHttpRequestRetryHandler";
    static final String UNAVAILABLE_RETRY = "org.apache.http.impl.client.DefaultServiceUnavailableRetryStrategy";
    static final String REDIRECT_STRATEGY = "org.apache.http.impl.client.DefaultRedirectStrategy";
    static final String MAIN_EXEC = "org.apache.http.impl.execchain.MainClientExec";
    static final String REQUEST_EXECUTOR = "org.apache.http.protocol.HttpRequestExecutor";
    static final String CLIENT = "httpclient4";

    private static final SupportedLibrary LIBRARY = new SupportedLibrary("Apache HttpClient", "org.apache.httpcomponents",
            "httpclient", "4.3.6", "4.5.14", INTERNAL_CLIENT);

    public ApacheHttpClient4Plugin() {
        super(CLIENT, LIBRARY, INTERNAL_CLIENT, MINIMAL_CLIENT, RETRY_HANDLER, UNAVAILABLE_RETRY, REDIRECT_STRATEGY, MAIN_EXEC, REQUEST_EXECUTOR);
    }

    /** Its advice acts only inside guarded calls: its classes may be woven after the application's start. */
    @Override
    public boolean actsInsideToolCalls() {
        return true;
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        AgentPlugin self = this;
        switch (type.getName()) {
            case INTERNAL_CLIENT:
            case MINIMAL_CLIENT:
                return builder.visit(context.calledAdvice(self, ExchangeAdvice.class, loader).on(named("doExecute")
                        .and(takesArguments(3)).and(takesArgument(1, named("org.apache.http.HttpRequest")))));
            case RETRY_HANDLER:
                return builder.visit(context.calledAdvice(self, RetryAdvice.OnIoError.class, loader).on(named("retryRequest")
                        .and(takesArguments(3)).and(takesArgument(0, java.io.IOException.class))));
            case UNAVAILABLE_RETRY:
                return builder.visit(context.calledAdvice(self, RetryAdvice.OnStatus.class, loader).on(named("retryRequest")
                        .and(takesArguments(3)).and(takesArgument(0, named("org.apache.http.HttpResponse")))));
            case REDIRECT_STRATEGY:
                return builder.visit(context.calledAdvice(self, RedirectAdvice.class, loader).on(named("getLocationURI")
                        .and(takesArguments(3))));
            case MAIN_EXEC:
                return builder.visit(context.calledAdvice(self, WireAdvice.ConnectFailed.class, loader).on(named("establishRoute")
                        .and(takesArguments(5))));
            case REQUEST_EXECUTOR:
                return builder.visit(context.calledAdvice(self, WireAdvice.Attempt.class, loader).on(named("execute")
                        .and(takesArguments(3)).and(takesArgument(0, named("org.apache.http.HttpRequest")))));
            default:
                return builder;
        }
    }
}
