package dev.intentguard.agent.http;

import dev.intentguard.agent.config.AgentConfig;
import dev.intentguard.agent.config.HttpSettings;
import dev.intentguard.agent.config.Mode;
import dev.intentguard.agent.wire.WireAttempt;
import dev.intentguard.agent.wire.WireLog;
import dev.intentguard.agent.wire.WireOutcome;
import dev.intentguard.api.bridge.HttpDispatch;
import dev.intentguard.api.bridge.HttpHooks;
import dev.intentguard.api.bridge.ToolFrame;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The HTTP layer's decisions, shared by every client plugin: which requests carry the intent key (and which key),
 * whether a send or a client's own resend may go, and what each attempt showed. The plugins under
 * {@code http/<client>} only find the right place in each client to ask and to tell.
 *
 * <p>Evidence and keys are separate: every write of a guarded call is watched (any host, keyed or not, in both
 * modes), so that what it did on the wire always counts; only writes to covered hosts in enforce mode get the key, and
 * only those have resends stopped.
 *
 * <p>Two ways in: the {@link HttpHooks} the bridge calls from inlined advice (the clients written before called advice
 * existed), and the adapter API ({@link #begin}, {@link #mayResend(ToolFrame, String, HttpTarget, String)},
 * {@link #attempt(ToolFrame, String, HttpTarget, WireOutcome, int, String)}, {@link #followed(ToolFrame, HttpTarget, HttpTarget)})
 * that called advice uses directly, with a {@link HttpTarget} its adapter read from the library's request.
 */
public final class HttpGuard implements HttpHooks {
    private static final Logger LOG = LoggerFactory.getLogger("intentguard.http");

    private final HttpSettings settings;
    private final boolean audit;
    private final Set<String> replacementsLogged = ConcurrentHashMap.newKeySet();
    private static volatile HttpGuard installed;

    public HttpGuard(AgentConfig config) {
        this.settings = config.http();
        this.audit = config.mode() == Mode.AUDIT;
    }

    /** Makes this the guard that called advice finds with {@link #get}; the first call wins. */
    public HttpGuard install() {
        synchronized (HttpGuard.class) {
            if (installed == null) {
                installed = this;
            }
        }
        return installed;
    }

    /** The agent's guard, or {@code null} before start-up. */
    public static HttpGuard get() {
        return installed;
    }

    // ---- the adapter API, for called advice ----

    /**
     * A client begins a send of {@code target} in {@code scope} (the application's, an SDK's or a framework's send; not
     * the client's own resends, see {@link #mayResend(ToolFrame, String, HttpTarget, String)}).
     *
     * @return {@code null} when the guard has nothing to do with it (no scope, a read, not watched nor keyed); else the
     *         exchange, whose {@link HttpExchange#end} must be called when it is over
     * @throws SendRefused when it must not go: it repeats a write of this side-effect call whose outcome is unknown
     */
    public HttpExchange begin(ToolFrame scope, String client, HttpTarget target) throws SendRefused {
        if (scope == null || target == null) {
            return null;
        }
        boolean watched = watched(scope, target.method);
        if (watched && !sending(scope, client, target.method, target.host, target.port, target.path)) {
            throw new SendRefused(target);
        }
        String name = null;
        String value = null;
        if (keyed(scope, target.method, target.host, target.port)) {
            name = settings.header();
            value = keyValue(scope, target.method, target.host, target.port, target.path);
        }
        return watched || name != null ? new HttpExchange(this, scope, client, target, name, value, watched) : null;
    }

    /** See {@link HttpDispatch#mayResend}: whether the client's own resend of {@code target} may go. */
    public boolean mayResend(ToolFrame scope, String client, HttpTarget target, String detail) {
        return scope == null || target == null
                || mayResend(scope, client, target.method, target.host, target.port, target.path, detail);
    }

    /** What the wire showed for one attempt of {@code target}. */
    public void attempt(ToolFrame scope, String client, HttpTarget target, WireOutcome outcome, int status, String detail) {
        if (scope == null || target == null || !watched(scope, target.method)) {
            return;
        }
        ((WireLog) scope.wire()).record(new WireAttempt(client, WireLog.request(target.method, target.host, target.port,
                target.path), outcome, status, detail, System.currentTimeMillis()));
    }

    /** The client follows the answer to {@code from} with {@code to} (a redirect); see {@link HttpDispatch#followed}. */
    public void followed(ToolFrame scope, HttpTarget from, HttpTarget to) {
        if (scope != null && from != null) {
            followed(scope, from.endpoint(), to == null ? null : to.endpoint());
        }
    }

    void replaced(ToolFrame scope, String client) {
        if (replacementsLogged.add(scope.toolName() + "/" + client)) {
            LOG.debug("{} in {}: replaced the {} set by the caller or SDK with the intent key (logged once per tool)",
                    client, scope.toolName(), settings.header());
        }
    }

    private String keyValue(ToolFrame scope, String method, String host, int port, String path) {
        String key = scope.wire() instanceof WireLog
                ? ((WireLog) scope.wire()).keyFor(method, host, port, path) : scope.intentKey();
        return settings.headerValue(key);
    }

    // ---- the bridge's hooks, for inlined advice ----

    @Override
    public String[] keyHeader(ToolFrame scope, String client, String method, String host, int port, String path, String existing) {
        if (audit || scope.intentKey() == null || !settings.covers(method, host, port)) {
            return null;
        }
        String value = keyValue(scope, method, host, port, path);
        if (existing != null && !existing.equals(value)) {
            replaced(scope, client);
        }
        return new String[] {settings.header(), value};
    }

    @Override
    public boolean keyed(ToolFrame scope, String method, String host, int port) {
        return !audit && scope.intentKey() != null && method != null && settings.covers(method, host, port);
    }

    @Override
    public Object keyedJdkRequest(Object request, String name, String value) {
        return request instanceof java.net.http.HttpRequest
                ? new KeyedJdkRequest((java.net.http.HttpRequest) request, name, value) : null;
    }

    @Override
    public boolean suppressResends(ToolFrame scope) {
        return !audit && scope.sideEffect() && settings.clientRetries() == HttpSettings.ClientRetries.SUPPRESS;
    }

    @Override
    public boolean watched(ToolFrame scope, String method) {
        return scope.wire() instanceof WireLog && method != null && settings.isWrite(method);
    }

    /** Resends of this request are the agent's to stop: a keyed write of a side-effect call under {@code suppress}. */
    private boolean stopsResends(ToolFrame scope, String method, String host, int port) {
        return suppressResends(scope) && keyed(scope, method, host, port);
    }

    @Override
    public boolean sending(ToolFrame scope, String client, String method, String host, int port, String path) {
        if (!watched(scope, method)) {
            return true;
        }
        WireLog wire = (WireLog) scope.wire();
        if (stopsResends(scope, method, host, port) && wire.repeatsUnknown(method, host, port, path)) {
            String detail = "sent again by the application or a library when its outcome is unknown";
            wire.record(new WireAttempt(client, WireLog.request(method, host, port, path), WireOutcome.SUPPRESSED, 0,
                    detail, System.currentTimeMillis()));
            LOG.info("suppressed a resend in {} ({}): {} {}:{}{}; the call ends pending_unknown and is checked, not sent again",
                    scope.toolName(), detail, method, host, port, path);
            return false;
        }
        wire.began(method, host, port, path);
        return true;
    }

    @Override
    public void ended(ToolFrame scope, String method, String host, int port, String path) {
        if (watched(scope, method)) {
            ((WireLog) scope.wire()).ended(method, host, port, path);
        }
    }

    @Override
    public void followed(ToolFrame scope, String from, String to) {
        if (!(scope.wire() instanceof WireLog)) {
            return;
        }
        if (watched(scope, methodOf(from))) {
            ((WireLog) scope.wire()).followed(from, to);
        }
    }

    @Override
    public void continues(ToolFrame scope, String to) {
        if (watched(scope, methodOf(to))) {
            ((WireLog) scope.wire()).began(to);
        }
    }

    private static String methodOf(String endpoint) {
        int space = endpoint.indexOf(' ');
        return space < 0 ? endpoint : endpoint.substring(0, space);
    }

    @Override
    public boolean mayResend(ToolFrame scope, String client, String method, String host, int port, String path, String detail) {
        if (!watched(scope, method) || !stopsResends(scope, method, host, port)) {
            return true;
        }
        WireLog wire = (WireLog) scope.wire();
        if (!wire.mayHaveActed(method, host, port, path)) {
            return true;                     // nothing of it was acted on (not sent, or refused): the resend duplicates nothing
        }
        wire.record(new WireAttempt(client, WireLog.request(method, host, port, path), WireOutcome.SUPPRESSED, 0, detail,
                System.currentTimeMillis()));
        LOG.info("suppressed a resend by {} in {} ({}): {} {}{}", client, scope.toolName(), detail, method, host, path);
        return false;
    }

    @Override
    public void handedOff(ToolFrame scope, boolean started) {
        if (scope.wire() instanceof WireLog) {
            if (started) {
                ((WireLog) scope.wire()).handedOff();
            } else {
                ((WireLog) scope.wire()).handOffEnded();
            }
        }
    }

    @Override
    public void attempt(ToolFrame scope, String client, String method, String host, int port, String path, int outcome,
                        int status, String detail) {
        if (!watched(scope, method)) {
            return;
        }
        WireOutcome o = WireOutcome.of(outcome);
        ((WireLog) scope.wire()).record(new WireAttempt(client, WireLog.request(method, host, port, path), o, status, detail,
                System.currentTimeMillis()));
        if (o == WireOutcome.SUPPRESSED) {
            LOG.info("suppressed a resend by {} in {} ({}): {} {}{}", client, scope.toolName(), detail, method, host, path);
        }
    }

    @Override
    public void bridgeError(String where, Throwable error) {
        LOG.error("internal error in HTTP advice ({}); the request went ahead unchanged: {}", where, String.valueOf(error), error);
    }

    public HttpSettings settings() {
        return settings;
    }
}
