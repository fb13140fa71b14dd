package dev.intentguard.agent.http.jetty;

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
 * Eclipse Jetty {@code HttpClient} 12 ({@code org.eclipse.jetty.client}, 12.0 and 12.1; Spring's RestClient and
 * RestTemplate over {@code JettyClientHttpRequestFactory}, WebClient over {@code JettyClientHttpConnector}). Hook
 * points, the same from 12.0.0 to 12.1.14:
 * <ul>
 *   <li>{@code transport.HttpRequest.sendAsync(HttpDestination, CompleteListener)} and
 *       {@code transport.HttpConnection.send(Request, CompleteListener)}: every send, on the thread that sends, before
 *       anything is written ({@link SendAdvice});</li>
 *   <li>{@code transport.HttpSender.beginToHeaders(HttpExchange)}: the headers of an attempt begin to go out
 *       ({@link WireAdvice.Headers});</li>
 *   <li>{@code transport.HttpReceiver.responseHeaders(HttpExchange)}: a response head, with its headers
 *       ({@link WireAdvice.Answer}).</li>
 * </ul>
 * The advice is called, not inlined ({@link PluginContext#calledAdvice}); {@link JettySend} is the adapter, and the
 * core's {@code HttpGuard} decides. HTTP/2 and HTTP/3 transports extend the same base classes but are not tested here.
 */
@AutoService(AgentPlugin.class)
public final class JettyClientPlugin extends ExactNamePlugin {
    private static final String PKG = "org.eclipse.jetty.client.transport.";
    static final String REQUEST = PKG + "HttpRequest";
    static final String CONNECTION = PKG + "HttpConnection";
    static final String SENDER = PKG + "HttpSender";
    static final String RECEIVER = PKG + "HttpReceiver";

    private static final SupportedLibrary LIBRARY = new SupportedLibrary("Eclipse Jetty HttpClient", "org.eclipse.jetty",
            "jetty-client", "12.0.0", "12.1.14", "org.eclipse.jetty.client.HttpClient");

    public JettyClientPlugin() {
        super(JettySend.CLIENT, LIBRARY, REQUEST, CONNECTION, SENDER, RECEIVER);
    }

    /** Its advice acts only inside guarded calls: its classes may be woven after the application's start. */
    @Override
    public boolean actsInsideToolCalls() {
        return true;
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        switch (type.getName()) {
            case REQUEST:
                return builder.visit(context.calledAdvice(this, SendAdvice.class, loader).on(named("sendAsync")
                        .and(takesArguments(2)).and(takesArgument(1, named("org.eclipse.jetty.client.Response$CompleteListener")))));
            case CONNECTION:
                return builder.visit(context.calledAdvice(this, SendAdvice.OnConnection.class, loader).on(named("send")
                        .and(takesArguments(2)).and(takesArgument(0, named("org.eclipse.jetty.client.Request")))));
            case SENDER:
                return builder.visit(context.calledAdvice(this, WireAdvice.Headers.class, loader).on(named("beginToHeaders")
                        .and(takesArguments(1))));
            case RECEIVER:
                return builder.visit(context.calledAdvice(this, WireAdvice.Answer.class, loader).on(named("responseHeaders")
                        .and(takesArguments(1))));
            default:
                return builder;
        }
    }
}
