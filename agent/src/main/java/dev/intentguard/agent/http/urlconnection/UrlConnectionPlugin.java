package dev.intentguard.agent.http.urlconnection;

import com.google.auto.service.AutoService;
import dev.intentguard.agent.weave.AgentPlugin;
import dev.intentguard.agent.weave.ExactNamePlugin;
import dev.intentguard.agent.weave.PluginContext;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;

import java.util.Set;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * {@code HttpURLConnection}: the JDK's {@code sun.net.www.protocol.http.HttpURLConnection} (HUC) and the
 * {@code sun.net.www.http.HttpClient} connection under it (stripe-java and many SDKs use it). HTTPS is the same
 * code: {@code HttpsURLConnectionImpl} delegates every call to a {@code DelegateHttpsURLConnection}, a subclass of
 * HUC whose {@code connect()} is overridden in {@code AbstractDelegateHttpsURLConnection}, and its connection is an
 * {@code HttpsClient}, a subclass of {@code HttpClient} that inherits {@code parseHTTP}. Hook points (JDK 17 and 25
 * read side by side; {@code parseHTTP} lost its {@code ProgressSource} parameter in between):
 * <ul>
 *   <li>HUC {@code connect}, {@code getOutputStream}, {@code getInputStream} and the HTTPS {@code connect}: the key
 *       is set as a request property on the first of them, while properties can still be set
 *       ({@link KeyHeaderAdvice}); a failing {@code connect} is "not sent" ({@link ConnectFailureAdvice}).</li>
 *   <li>{@code HttpClient#parseHTTP}: reads the response head after the request was written. On an
 *       {@code IOException} (but not a read timeout) it opens a new connection and writes the same request again
 *       ("try once more", guarded by its {@code failedOnce} field, for every method but CONNECT, in streaming mode
 *       never, POST only while {@code sun.net.http.retryPost} is true, the default) ({@link ParseResponseAdvice}).</li>
 *   <li>HUC {@code writeRequests()}: the request is written: its exchange begins; if writing fails it opens a new
 *       connection and writes again, for any method, whatever {@code retryPost} says (HUC's own
 *       {@code failedOnce}) ({@link WriteRequestsAdvice}).</li>
 *   <li>HUC {@code followRedirect()}: {@code true} when it follows the response to a new location
 *       ({@link FollowRedirectAdvice}).</li>
 * </ul>
 * Every write of a guarded call is watched, keyed or not (another host, {@code mode: audit}): its evidence counts.
 * Both resends are stopped per connection, for keyed writes of a side_effect scope only;
 * {@code sun.net.http.retryPost} is never touched. The advice is called, not inlined
 * ({@link PluginContext#calledAdvice}): {@link UrlConnections} reads the connection for the core's {@code HttpGuard},
 * which decides.
 */
@AutoService(AgentPlugin.class)
public final class UrlConnectionPlugin extends ExactNamePlugin {
    private static final String HUC = "sun.net.www.protocol.http.HttpURLConnection";
    private static final String HTTPS_HUC = "sun.net.www.protocol.https.AbstractDelegateHttpsURLConnection";
    private static final String CONNECTION = "sun.net.www.http.HttpClient";

    public UrlConnectionPlugin() {
        super(UrlConnections.CLIENT, null, HUC, HTTPS_HUC, CONNECTION);
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

    /** {@code MessageHeader}, the request and response heads {@code parseHTTP} reads and writes. */
    @Override
    public Set<String> jdkInternals() {
        return Set.of("sun.net.www");
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        switch (type.getName()) {
            case HUC:
                return builder
                        .visit(context.calledAdvice(this, KeyHeaderAdvice.class, loader).on(takesArguments(0)
                                .and(named("connect").or(named("getOutputStream")).or(named("getInputStream")))))
                        .visit(context.calledAdvice(this, ConnectFailureAdvice.class, loader).on(named("connect").and(takesArguments(0))))
                        .visit(context.calledAdvice(this, WriteRequestsAdvice.class, loader).on(named("writeRequests").and(takesArguments(0))))
                        .visit(context.calledAdvice(this, FollowRedirectAdvice.class, loader).on(named("followRedirect").and(takesArguments(0))));
            case HTTPS_HUC:
                return builder
                        .visit(context.calledAdvice(this, KeyHeaderAdvice.class, loader).on(named("connect").and(takesArguments(0))))
                        .visit(context.calledAdvice(this, ConnectFailureAdvice.class, loader).on(named("connect").and(takesArguments(0))));
            case CONNECTION:
                return builder.visit(context.calledAdvice(this, ParseResponseAdvice.class, loader).on(named("parseHTTP")));
            default:
                return builder;
        }
    }
}
