package dev.intentguard.agent.retry;

import dev.intentguard.agent.http.HttpGuard;
import dev.intentguard.agent.http.HttpTarget;
import dev.intentguard.agent.wire.NotSent;
import dev.intentguard.agent.wire.WireLog;
import dev.intentguard.agent.wire.WireOutcome;
import dev.intentguard.bridge.ToolFrame;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * One SDK request inside a tool call, as its own retry loop sees it (the AWS SDK's and azure-core's plugins): its key
 * header, and what each attempt got. What the wire did is the HTTP client plugin's to record; an SDK may send through
 * a client no plugin follows (the AWS SDK's Netty client, an Azure transport on an older Reactor Netty), and then the
 * SDK's own view of the attempt is recorded instead: a response's status, a failure to connect (not sent), any other
 * failure (no response: it may have been acted on). Without it the retry decision would find no evidence and let the
 * SDK send an unknown write again.
 */
public final class SdkAttempts {
    /**
     * The SDK requests under way, by the object that stands for one (the AWS SDK's per-call helper; for azure-core, whose
     * retry decision sees no such object, the tool call's frame: one request at a time per call). Weak: it lives as
     * long as its call.
     */
    private static final Map<Object, Request> REQUESTS = Collections.synchronizedMap(new WeakHashMap<>());

    private SdkAttempts() {
    }

    private static final class Request {
        final ToolFrame scope;
        final String library;
        final HttpTarget target;
        /** Attempts of this request on the wire record when the attempt began: an HTTP client's plugin adds one. */
        int attemptsBefore;
        boolean attemptRecorded;
        /** What the last attempt got, for the line that says why a retry was stopped. */
        String last = "a failure";

        Request(ToolFrame scope, String library, HttpTarget target) {
            this.scope = scope;
            this.library = library;
            this.target = target;
        }
    }

    /**
     * The SDK begins sending {@code method url} in {@code scope}, as the request {@code call} stands for; {@code false}
     * when there is nothing to follow (no tool, a read, a call that keeps no wire evidence), and then nothing of an
     * earlier request under {@code call} is followed either.
     */
    public static boolean begin(Object call, ToolFrame scope, String library, String method, String url) {
        HttpGuard guard = HttpGuard.get();
        HttpTarget target = method == null || url == null ? null : HttpTarget.ofUrl(method, url);
        if (call == null || scope == null || guard == null || target == null || !guard.watched(scope, method)) {
            if (call != null) {
                REQUESTS.remove(call);
            }
            return false;
        }
        REQUESTS.put(call, new Request(scope, library, target));
        return true;
    }

    /**
     * The key header's value for the request (the same on every attempt), or {@code null} when it is not keyed;
     * {@code existing} is what the request carries under that name (a replacement is logged once per tool).
     */
    public static String key(Object call, String existing) {
        Request r = request(call);
        HttpGuard guard = HttpGuard.get();
        String value = r == null || guard == null ? null : guard.keyFor(r.scope, r.target);
        if (value != null) {
            guard.keyReplaced(r.scope, r.library, existing, value);
        }
        return value;
    }

    /** An attempt begins. */
    public static void attemptStarts(Object call) {
        Request r = request(call);
        if (r != null) {
            r.attemptsBefore = wire(r).attemptsOf(r.target.endpoint());
            r.attemptRecorded = false;
        }
    }

    /** The attempt was answered with {@code status} ({@code retryAfter}: its Retry-After header, or null). */
    public static void answered(Object call, int status, String retryAfter) {
        Request r = request(call);
        if (r == null || r.attemptRecorded) {
            return;
        }
        r.attemptRecorded = true;
        r.last = "HTTP " + status;
        if (!recordedByTheHttpClient(r)) {
            HttpGuard.get().answered(r.scope, r.library, r.target, status, retryAfter);
        }
    }

    /** The attempt failed with {@code failure} (an error response already recorded as answered is left as it is). */
    public static void failed(Object call, Throwable failure) {
        Request r = request(call);
        if (r == null || failure == null || r.attemptRecorded) {
            return;
        }
        r.attemptRecorded = true;
        Throwable cause = rootOf(failure);
        r.last = cause.getClass().getSimpleName();
        if (!recordedByTheHttpClient(r)) {
            HttpGuard.get().attempt(r.scope, r.library, r.target, NotSent.anyCause(failure) ? WireOutcome.NOT_SENT
                    : WireOutcome.NO_RESPONSE, 0, cause.getClass().getSimpleName() + ": " + cause.getMessage());
        }
    }

    /**
     * Whether the SDK's next attempt must not go ({@link RetryDecisions#stopSdkRetry}: a keyed write of a side-effect
     * call under {@code suppress} that may have been acted on), judged on this request's own attempts; {@code loop}
     * names the SDK's loop in the line that says so.
     */
    public static boolean stopRetry(Object call, String loop) {
        Request r = request(call);
        RetryDecisions decisions = RetryDecisions.get();
        HttpGuard guard = HttpGuard.get();
        return r != null && decisions != null && guard != null && decisions.stopSdkRetry(r.scope, r.library,
                r.target.endpoint(), guard.keyed(r.scope, r.target), loop + " retry after " + r.last);
    }

    private static Request request(Object call) {
        return call == null ? null : REQUESTS.get(call);
    }

    private static WireLog wire(Request r) {
        return (WireLog) r.scope.wire();
    }

    /** Whether an HTTP client's plugin recorded an attempt of this request since this one began. */
    private static boolean recordedByTheHttpClient(Request r) {
        return wire(r).attemptsOf(r.target.endpoint()) > r.attemptsBefore;
    }

    private static Throwable rootOf(Throwable failure) {
        Throwable t = failure;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }
}
