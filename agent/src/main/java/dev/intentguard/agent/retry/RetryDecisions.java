package dev.intentguard.agent.retry;

import dev.intentguard.agent.config.AgentConfig;
import dev.intentguard.agent.config.HttpSettings;
import dev.intentguard.agent.config.Mode;
import dev.intentguard.agent.http.HttpTarget;
import dev.intentguard.agent.log.AgentLoggers;
import dev.intentguard.agent.wire.WireAttempt;
import dev.intentguard.agent.wire.WireLog;
import dev.intentguard.agent.wire.WireOutcome;
import dev.intentguard.agent.wire.WireVerdict;
import dev.intentguard.api.ToolStatusException;
import dev.intentguard.bridge.RetryHooks;
import dev.intentguard.bridge.ToolFrame;
import org.slf4j.Logger;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The decisions behind {@link dev.intentguard.bridge.RetryDispatch}, shared by the plugins under
 * {@code retry/<library>}: whether an SDK's own retry loop or a retry framework may try again inside a
 * {@code side_effect} tool. The plugins only find each library's decision point and ask here.
 *
 * <ul>
 *   <li>SDK loops (a request the SDK sends again by itself): under {@code client-retries: suppress} a keyed
 *       write is sent once; the SDK's retry goes ahead only when the wire proves its last attempt reached
 *       nothing (connect refused: the retry duplicates nothing and carries the same key). Under
 *       {@code same-key} every retry goes ahead, and the HTTP layer puts the same key on each.</li>
 *   <li>Retry frameworks inside the tool body (around the HTTP call): once the wire shows the outcome is
 *       unknown (a request without a response, an ambiguous status, a success followed by a failure), the next
 *       attempt would send an unknown outcome again: it is stopped, the framework lets the failure stand, and
 *       the tool ends {@code pending_unknown}. After a definite failure (nothing sent, a definite 4xx), or with
 *       no write seen at all, the framework retries, with the same key. Under {@code same-key} it always
 *       retries, each attempt carrying the same key.</li>
 * </ul>
 * Each stopped retry is recorded on the call's {@link WireLog} as a {@link WireOutcome#SUPPRESSED} attempt
 * whose client is the library ({@code openai-java}, {@code resilience4j}, ...) and logged. Nothing is stopped
 * in {@code mode: audit}, in {@code idempotent} tools, or outside a tool.
 */
public final class RetryDecisions implements RetryHooks {
    private static final Logger HTTP_LOG = AgentLoggers.named("intentguard.http");
    private static final Logger RETRY_LOG = AgentLoggers.named("intentguard.retry");

    private final HttpSettings settings;
    private final boolean audit;
    /** The request each call's SDK loop is about, per frame (weak: a frame lives as long as its call). */
    private final Map<ToolFrame, SdkCall> sdkCalls = Collections.synchronizedMap(new WeakHashMap<>());

    public RetryDecisions(AgentConfig config) {
        this.settings = config.http();
        this.audit = config.mode() == Mode.AUDIT;
    }

    private static volatile RetryDecisions installed;

    /** Makes this the decisions the agent's own adapters find with {@link #get}; the first call wins. */
    public RetryDecisions install() {
        synchronized (RetryDecisions.class) {
            if (installed == null) {
                installed = this;
            }
        }
        return installed;
    }

    /** The agent's decisions, or {@code null} before start-up. */
    public static RetryDecisions get() {
        return installed;
    }

    /** One SDK request in a tool call: what it is, and whether the HTTP layer keys it. */
    private static final class SdkCall {
        final String library;
        final String request;
        final boolean keyed;

        SdkCall(String library, String request, boolean keyed) {
            this.library = library;
            this.request = request;
            this.keyed = keyed;
        }
    }

    @Override
    public void sdkCall(ToolFrame scope, String library, String method, String url) {
        if (audit || !scope.sideEffect() || method == null || url == null) {
            return;
        }
        // named as the HTTP plugins name the request (HttpTarget reads what URI refuses: a host with '_', a raw '|')
        HttpTarget target = HttpTarget.ofUrl(method, url);
        if (target == null) {
            sdkCalls.remove(scope);
            return;
        }
        sdkCalls.put(scope, new SdkCall(library, target.endpoint(),
                scope.intentKey() != null && target.coveredBy(settings)));
    }

    @Override
    public boolean stopSdkRetry(ToolFrame scope, String library, String detail) {
        SdkCall call = sdkCalls.get(scope);
        if (call == null || !call.library.equals(library)) {
            return false;   // a request we never saw: the SDK as usual
        }
        return stopSdkRetry(scope, library, call.request, call.keyed, detail);
    }

    /**
     * The same decision for a request its adapter names itself ({@code request}: {@code METHOD host:port path}, as the
     * wire record names it; {@code keyed}: whether the HTTP layer keys it): for SDKs whose calls may run side by side in
     * one tool call (the AWS SDK's async clients), which the one request per frame of {@link #sdkCall} cannot tell apart.
     */
    public boolean stopSdkRetry(ToolFrame scope, String library, String request, boolean keyed, String detail) {
        if (audit || !scope.sideEffect() || settings.clientRetries() != HttpSettings.ClientRetries.SUPPRESS || !keyed) {
            return false;   // a read, a host off the allowlist, audit, same-key: the SDK as usual
        }
        WireLog wire = wire(scope);
        boolean notProcessed = wire != null && wire.answeredNotProcessed(request);
        if (wire == null || (!wire.mayHaveActed(request) && !notProcessed)) {
            return false;   // nothing of it reached the server: the retry duplicates nothing, and carries the same key
        }
        if (notProcessed) {
            // a 429 (or a status the tool names) did nothing; its retries are the tool's retry: budget's, not the SDK's
            detail = detail + "; refused before processing: retried only by the tool's retry: budget";
        }
        wire.record(new WireAttempt(library, request, WireOutcome.SUPPRESSED, 0, detail, System.currentTimeMillis()));
        HTTP_LOG.info("suppressed a resend by {} in {} ({}): {}", library, scope.toolName(), detail, request);
        return true;
    }

    @Override
    public boolean stopFrameworkRetry(ToolFrame scope, String library, Throwable failure) {
        if (audit || !scope.sideEffect() || settings.clientRetries() != HttpSettings.ClientRetries.SUPPRESS) {
            return false;
        }
        WireLog wire = wire(scope);
        if (wire == null) {
            return false;
        }
        WireVerdict verdict = wire.verdict();
        String foreign = wire.foreignPeer();
        if (verdict.kind() == WireVerdict.Kind.FAILED && foreign == null) {
            return false;   // nothing took effect: the retry may go ahead, with the same key
        }
        if (verdict.kind() == WireVerdict.Kind.NO_EVIDENCE && !wire.wroteToNetwork()) {
            return false;   // nothing was written at all
        }
        if (verdict.kind() == WireVerdict.Kind.SUCCEEDED && failure == null && foreign == null) {
            return false;   // the writes succeeded and the framework retries on a result: nothing ambiguous was sent
        }
        List<WireAttempt> attempts = wire.attempts();
        WireAttempt last = lastSentOrNot(attempts, 0);
        String request = last == null ? "-" : last.request();
        String why = failure == null ? "a retry on a result" : "a retry after " + failure.getClass().getSimpleName();
        String detail = verdict.kind() == WireVerdict.Kind.NO_EVIDENCE || (verdict.kind() != WireVerdict.Kind.UNKNOWN && foreign != null)
                ? why + " after the call wrote to " + (foreign == null ? "the network" : foreign)
                        + " through a client the agent does not follow (a retry would write again)"
                : verdict.kind() == WireVerdict.Kind.SUCCEEDED
                ? why + " once the write had succeeded (a retry would write again)"
                : why + " when the outcome is unknown: " + verdict.reason();
        wire.record(new WireAttempt(library, request, WireOutcome.SUPPRESSED, 0, detail, System.currentTimeMillis()));
        RETRY_LOG.info("stopped a retry by {} in {} ({}): {}", library, scope.toolName(), detail,
                "the call ends pending_unknown and is checked, not sent again");
        return true;
    }

    @Override
    public void toolRetried(String library, Throwable answer) {
        if (answer instanceof ToolStatusException) {
            ToolStatusException status = (ToolStatusException) answer;
            RETRY_LOG.info("{} calls {} again after the agent answered {} (key {}): the retry is answered from the intent map",
                    library, status.tool(), status.status().wireName(), status.intentKey());
        }
    }

    @Override
    public void bridgeError(String where, Throwable error) {
        RETRY_LOG.error("internal error in retry advice ({}); the retry went on unchanged: {}", where, String.valueOf(error), error);
    }

    private static WireLog wire(ToolFrame scope) {
        Object wire = scope.wire();
        return wire instanceof WireLog ? (WireLog) wire : null;
    }

    /** The last attempt at index {@code from} or later that the HTTP layer recorded (not a suppressed one). */
    private static WireAttempt lastSentOrNot(List<WireAttempt> attempts, int from) {
        for (int i = attempts.size() - 1; i >= from && i >= 0; i--) {
            if (attempts.get(i).outcome() != WireOutcome.SUPPRESSED) {
                return attempts.get(i);
            }
        }
        return null;
    }
}
