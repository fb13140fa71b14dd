package dev.intentguard.agent.http;

import dev.intentguard.agent.config.AgentConfig;
import dev.intentguard.agent.config.HttpSettings;
import dev.intentguard.agent.config.Mode;
import dev.intentguard.agent.log.AgentLoggers;
import dev.intentguard.agent.wire.WireAttempt;
import dev.intentguard.agent.wire.WireLog;
import dev.intentguard.agent.wire.WireOutcome;
import dev.intentguard.bridge.ToolFrame;
import org.slf4j.Logger;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The HTTP layer's decisions, shared by every client plugin: which requests carry the intent key (and which key),
 * whether a send or a client's own resend may go, and what each attempt showed. The plugins under
 * {@code http/<client>} are adapters: each reads its library's request into an {@link HttpTarget}, sets a header, and
 * says where a send begins, what an attempt got and when the exchange is over; the decisions are made here.
 *
 * <p>Evidence and keys are separate: every write of a guarded call is watched (any host, keyed or not, in both
 * modes), so that what it did on the wire always counts; only writes to covered hosts in enforce mode get the key, and
 * only those have resends stopped.
 *
 * <p>The adapter API, in the order of one exchange: {@link #begin} (the application's, an SDK's or a framework's send:
 * refused, or an {@link HttpExchange} with the key to set), {@link #mayResend} (the client's own resend), {@link #attempt}
 * (what the wire showed), {@link #followed} and {@link #continues} (a redirect or an authentication round), and the
 * exchange's end ({@link HttpExchange#end}, or {@link #ended} on a thread the exchange object does not reach).
 */
public final class HttpGuard {
    private static final Logger LOG = AgentLoggers.named("intentguard.http");

    private final HttpSettings settings;
    private final boolean audit;
    private final Set<String> replacementsLogged = ConcurrentHashMap.newKeySet();
    private static volatile HttpGuard installed;

    public HttpGuard(AgentConfig config) {
        this.settings = config.http();
        this.audit = config.mode() == Mode.AUDIT;
    }

    /** Makes this the guard the client plugins find with {@link #get}; the first call wins. */
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

    /**
     * A client begins a send of {@code target} in {@code scope} (the application's, an SDK's or a framework's send; not
     * the client's own resends, see {@link #mayResend}).
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
        if (watched && !sending(scope, client, target)) {
            throw new SendRefused(target);
        }
        String name = null;
        String value = null;
        if (keyed(scope, target)) {
            name = settings.header();
            value = keyValue(scope, target);
        }
        return watched || name != null ? new HttpExchange(this, scope, client, target, name, value, watched) : null;
    }

    /**
     * The client is about to send {@code target} again by itself (its own retry of a failed attempt). Returns
     * {@code false} when the resend must not go: inside a side-effect call under {@code client-retries: suppress}, an
     * attempt of this keyed write may have been acted on (sent without an answer, or answered with a status that does
     * not rule it out), or was last answered as not processed yet (a 429: such retries are the tool's {@code retry:}
     * budget's); the stopped resend is then recorded ({@code detail} says whose).
     */
    public boolean mayResend(ToolFrame scope, String client, HttpTarget target, String detail) {
        if (scope == null || target == null || !watched(scope, target.method) || !stopsResends(scope, target)) {
            return true;
        }
        WireLog wire = (WireLog) scope.wire();
        boolean notProcessed = wire.answeredNotProcessed(target.endpoint());
        if (!wire.mayHaveActed(target.endpoint()) && !notProcessed) {
            return true;                     // nothing of it was acted on (not sent, or refused): the resend duplicates nothing
        }
        if (notProcessed) {
            // A 429 (or a status the tool names) did nothing, but its retries are the tool's retry: budget (bounded, with the
            // deadline and Retry-After), not a client's loop on top of it.
            detail = detail + "; refused before processing: retried only by the tool's retry: budget";
        }
        wire.record(new WireAttempt(client, target.endpoint(), WireOutcome.SUPPRESSED, 0, detail, System.currentTimeMillis()));
        LOG.info("suppressed a resend by {} in {} ({}): {}", client, scope.toolName(), detail, target);
        return false;
    }

    /** What the wire showed for one attempt of {@code target}. */
    public void attempt(ToolFrame scope, String client, HttpTarget target, WireOutcome outcome, int status, String detail) {
        if (scope == null || target == null || !watched(scope, target.method)) {
            return;
        }
        ((WireLog) scope.wire()).record(new WireAttempt(client, target.endpoint(), outcome, status, detail,
                System.currentTimeMillis()));
        if (outcome == WireOutcome.SUPPRESSED) {
            LOG.info("suppressed a resend by {} in {} ({}): {}", client, scope.toolName(), detail, target);
        }
    }

    /**
     * The server answered an attempt of {@code target} with {@code status}; {@code retryAfter} is the answer's
     * {@code Retry-After} header ({@code null} when it has none or the client cannot read it), which a retry the agent
     * owns honours.
     */
    public void answered(ToolFrame scope, String client, HttpTarget target, int status, String retryAfter) {
        if (scope == null || target == null || !watched(scope, target.method)) {
            return;
        }
        long now = System.currentTimeMillis();
        ((WireLog) scope.wire()).record(new WireAttempt(client, target.endpoint(), WireOutcome.RESPONSE, status, null, now,
                WireAttempt.retryAfterMillis(retryAfter, now)));
    }

    /**
     * The client follows the last answer to {@code from} (a redirect, an authentication round) with {@code to}
     * ({@code null} when the adapter does not know it): a 307/308 is then answered by the follow-up, once the follow-up
     * is attempted (right away when {@code to} is {@code null}, for an adapter that reports only redirects the client
     * really follows).
     */
    public void followed(ToolFrame scope, HttpTarget from, HttpTarget to) {
        if (scope != null && from != null && watched(scope, from.method)) {
            ((WireLog) scope.wire()).followed(from.endpoint(), to == null ? null : to.endpoint());
        }
    }

    /**
     * The exchange under way goes on with {@code to} (a redirect's follow-up or an authentication round the client makes
     * on its own threads): {@code to} is under way until {@link #ended}.
     */
    public void continues(ToolFrame scope, HttpTarget to) {
        if (scope != null && to != null && watched(scope, to.method)) {
            ((WireLog) scope.wire()).began(to.endpoint());
        }
    }

    /** The exchange of {@code target} is over (answered, or failed for good) where no {@link HttpExchange} reaches. */
    public void ended(ToolFrame scope, HttpTarget target) {
        if (scope != null && target != null && watched(scope, target.method)) {
            ((WireLog) scope.wire()).ended(target.endpoint());
        }
    }

    /** A call of {@code scope} was handed to an asynchronous client; {@link #handOffEnded} when its exchange begins or ends. */
    public void handedOff(ToolFrame scope) {
        if (scope != null && scope.wire() instanceof WireLog) {
            ((WireLog) scope.wire()).handedOff();
        }
    }

    public void handOffEnded(ToolFrame scope) {
        if (scope != null && scope.wire() instanceof WireLog) {
            ((WireLog) scope.wire()).handOffEnded();
        }
    }

    /**
     * Whether {@code scope} keeps evidence of a request with this method: every write of a guarded call, whatever its
     * host, keyed or not, in both modes. An adapter records attempts, exchanges and follow-ups only for these.
     */
    public boolean watched(ToolFrame scope, String method) {
        return scope != null && scope.wire() instanceof WireLog && method != null && settings.isWrite(method);
    }

    /** Whether a request of {@code scope} to {@code target} carries the key (enforce mode, a covered method and host). */
    public boolean keyed(ToolFrame scope, HttpTarget target) {
        return !audit && scope != null && target != null && scope.intentKey() != null
                && settings.covers(target.method, target.host, target.port);
    }

    /** Whether the client's own resends are the agent's to stop in {@code scope} (a side-effect call under suppress). */
    public boolean suppressResends(ToolFrame scope) {
        return !audit && scope != null && scope.sideEffect()
                && settings.clientRetries() == HttpSettings.ClientRetries.SUPPRESS;
    }

    /**
     * The key header's value for a write to {@code target} in {@code scope}, or {@code null} when it is not keyed; for a
     * client that sets the key before its send begins (HttpURLConnection's request properties freeze at connect). The
     * value is the one {@link #begin} gives the same write.
     */
    public String keyFor(ToolFrame scope, HttpTarget target) {
        return keyed(scope, target) ? keyValue(scope, target) : null;
    }

    /** Whether the agent acts ({@code mode: enforce}); in {@code audit} it only records. */
    public boolean enforces() {
        return !audit;
    }

    /** The name of the key header ({@code http.header}). */
    public String keyHeader() {
        return settings.header();
    }

    /** The request already carried {@code existing} under the key's name, and gets {@code value} (logged once per tool). */
    public void keyReplaced(ToolFrame scope, String client, String existing, String value) {
        if (scope != null && existing != null && !existing.equals(value)) {
            replaced(scope, client);
        }
    }

    public HttpSettings settings() {
        return settings;
    }

    void replaced(ToolFrame scope, String client) {
        if (replacementsLogged.add(scope.toolName() + "/" + client)) {
            LOG.debug("{} in {}: replaced the {} set by the caller or SDK with the intent key (logged once per tool)",
                    client, scope.toolName(), settings.header());
        }
    }

    /** The key of the write a send to {@code target} is (a new write after the endpoint's previous one succeeded). */
    private String keyValue(ToolFrame scope, HttpTarget target) {
        String key = scope.wire() instanceof WireLog
                ? ((WireLog) scope.wire()).keyFor(target.endpoint()) : scope.intentKey();
        return settings.headerValue(key);
    }

    /** Resends of this request are the agent's to stop: a keyed write of a side-effect call under {@code suppress}. */
    private boolean stopsResends(ToolFrame scope, HttpTarget target) {
        return suppressResends(scope) && keyed(scope, target);
    }

    /**
     * A send of a watched write begins its exchange; {@code false} when it must not go: it repeats a write whose outcome
     * is unknown, under {@code suppress}, whatever layer loops (the stopped send is recorded).
     */
    private boolean sending(ToolFrame scope, String client, HttpTarget target) {
        WireLog wire = (WireLog) scope.wire();
        if (stopsResends(scope, target) && wire.repeatsUnknown(target.endpoint())) {
            String detail = "sent again by the application or a library when its outcome is unknown";
            wire.record(new WireAttempt(client, target.endpoint(), WireOutcome.SUPPRESSED, 0, detail, System.currentTimeMillis()));
            LOG.info("suppressed a resend in {} ({}): {}; the call ends pending_unknown and is checked, not sent again",
                    scope.toolName(), detail, target);
            return false;
        }
        wire.began(target.endpoint());
        return true;
    }
}
