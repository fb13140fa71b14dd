package dev.intentguard.agent.retry;

import dev.intentguard.agent.http.HttpGuard;
import dev.intentguard.agent.http.HttpTarget;
import dev.intentguard.agent.wire.WireLog;
import dev.intentguard.agent.wire.WireOutcome;
import dev.intentguard.bridge.RetryDispatch;
import dev.intentguard.bridge.ToolFrame;

import java.net.ConnectException;
import java.net.UnknownHostException;
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
    /** The SDK request of each tool call under way (weak: a frame lives as long as its call; one request at a time). */
    private static final Map<ToolFrame, Request> REQUESTS = Collections.synchronizedMap(new WeakHashMap<>());

    private SdkAttempts() {
    }

    private static final class Request {
        final String library;
        final HttpTarget target;
        /** The wire's attempt count when the attempt began: an HTTP client's plugin that records it moves it. */
        int attemptsBefore;
        boolean attemptRecorded;
        /** What the last attempt got, for the line that says why a retry was stopped. */
        String last = "a failure";

        Request(String library, HttpTarget target) {
            this.library = library;
            this.target = target;
        }
    }

    /**
     * The SDK begins sending {@code method url} in {@code scope}; {@code false} when there is nothing to follow (no
     * tool, a read, a call that keeps no wire evidence).
     */
    public static boolean begin(ToolFrame scope, String library, String method, String url) {
        HttpGuard guard = HttpGuard.get();
        if (scope == null || guard == null || method == null || url == null || !guard.watched(scope, method)) {
            return false;
        }
        HttpTarget target = HttpTarget.ofUrl(method, url);
        if (target == null) {
            return false;
        }
        REQUESTS.put(scope, new Request(library, target));
        RetryDispatch.sdkCall(scope, library, method, url);
        return true;
    }

    /** The key header's value for the request (the same on every attempt), or {@code null} when it is not keyed. */
    public static String key(ToolFrame scope) {
        Request r = scope == null ? null : REQUESTS.get(scope);
        HttpGuard guard = HttpGuard.get();
        return r == null || guard == null ? null : guard.keyFor(scope, r.target);
    }

    /** An attempt begins. */
    public static void attemptStarts(ToolFrame scope) {
        Request r = scope == null ? null : REQUESTS.get(scope);
        if (r != null) {
            r.attemptsBefore = wire(scope).attemptCount();
            r.attemptRecorded = false;
        }
    }

    /** The attempt was answered with {@code status} ({@code retryAfter}: its Retry-After header, or null). */
    public static void answered(ToolFrame scope, int status, String retryAfter) {
        Request r = scope == null ? null : REQUESTS.get(scope);
        if (r == null || r.attemptRecorded) {
            return;
        }
        r.attemptRecorded = true;
        r.last = "HTTP " + status;
        if (!recordedByTheHttpClient(scope, r)) {
            HttpGuard.get().answered(scope, r.library, r.target, status, retryAfter);
        }
    }

    /** The attempt failed with {@code failure} (an error response already recorded as answered is left as it is). */
    public static void failed(ToolFrame scope, Throwable failure) {
        Request r = scope == null ? null : REQUESTS.get(scope);
        if (r == null || failure == null || r.attemptRecorded) {
            return;
        }
        r.attemptRecorded = true;
        Throwable cause = rootOf(failure);
        r.last = cause.getClass().getSimpleName();
        if (!recordedByTheHttpClient(scope, r)) {
            HttpGuard.get().attempt(scope, r.library, r.target, connectFailure(failure) ? WireOutcome.NOT_SENT
                    : WireOutcome.NO_RESPONSE, 0, cause.getClass().getSimpleName() + ": " + cause.getMessage());
        }
    }

    /**
     * Whether the SDK's next attempt must not go ({@code RetryDecisions#stopSdkRetry}: a keyed write that may have been
     * acted on, under {@code suppress}); {@code loop} names the SDK's loop in the line that says so.
     */
    public static boolean stopRetry(ToolFrame scope, String loop) {
        Request r = scope == null ? null : REQUESTS.get(scope);
        return r != null && RetryDispatch.stopSdkRetry(scope, r.library, loop + " retry after " + r.last);
    }

    private static WireLog wire(ToolFrame scope) {
        return (WireLog) scope.wire();
    }

    /** Whether an HTTP client's plugin recorded an attempt since this one began. */
    private static boolean recordedByTheHttpClient(ToolFrame scope, Request r) {
        return wire(scope).attemptCount() > r.attemptsBefore;
    }

    /** A failure to connect: nothing was written (Netty's and Apache's connect exceptions extend it too). */
    private static boolean connectFailure(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ConnectException || t instanceof UnknownHostException) {
                return true;
            }
        }
        return false;
    }

    private static Throwable rootOf(Throwable failure) {
        Throwable t = failure;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }
}
