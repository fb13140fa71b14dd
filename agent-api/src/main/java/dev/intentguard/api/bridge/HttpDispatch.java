package dev.intentguard.api.bridge;

/**
 * What advice woven into HTTP clients and SDKs calls. Every method is a no-op outside a guarded tool
 * ({@code scope == null}) and never throws: a failure here must not break the host's request.
 *
 * <p>A plugin gets the scope with {@link IntentScope#current()} on the thread that makes the request, or
 * carries it to the thread that sends it (async clients).
 */
public final class HttpDispatch {
    /** Nothing reached the server: connect refused, unknown host, the request was never written. */
    public static final int NOT_SENT = 1;
    /** The request was (or may have been) sent and no response came back: timeout, reset. */
    public static final int NO_RESPONSE = 2;
    /** The server answered with {@code status}. */
    public static final int RESPONSE = 3;
    /** A resend the client would have made and the agent stopped ({@code client-retries: suppress}). */
    public static final int SUPPRESSED = 4;

    private static volatile HttpHooks hooks;

    private HttpDispatch() {
    }

    /** Installs the agent's hooks; only the first call wins. */
    public static synchronized boolean install(HttpHooks agentHooks) {
        if (hooks != null || agentHooks == null) {
            return false;
        }
        hooks = agentHooks;
        return true;
    }

    /**
     * The key header for a request of {@code scope} about to be sent: {@code {name, value}}, or {@code null} to leave
     * the request untouched. Asked where a send starts: the key is the one of the write this send is (a new write
     * after the endpoint's previous one succeeded).
     */
    public static String[] keyHeader(ToolFrame scope, String client, String method, String host, int port, String path,
                                     String existing) {
        HttpHooks h = hooks;
        if (scope == null || h == null) {
            return null;
        }
        try {
            return h.keyHeader(scope, client, method, host, port, path, existing);
        } catch (Throwable t) {
            report(h, "keyHeader", t);
            return null;
        }
    }

    /** See {@link HttpHooks#keyedJdkRequest}; {@code null} without an agent or on any failure. */
    public static Object keyedJdkRequest(Object request, String name, String value) {
        HttpHooks h = hooks;
        if (h == null || request == null) {
            return null;
        }
        try {
            return h.keyedJdkRequest(request, name, value);
        } catch (Throwable t) {
            report(h, "keyedJdkRequest", t);
            return null;
        }
    }

    /** Whether the client's own resends must be suppressed in {@code scope}. */
    public static boolean suppressResends(ToolFrame scope) {
        HttpHooks h = hooks;
        if (scope == null || h == null) {
            return false;
        }
        try {
            return h.suppressResends(scope);
        } catch (Throwable t) {
            report(h, "suppressResends", t);
            return false;
        }
    }

    /**
     * Whether a request of {@code scope} to this host with this method carries the key (enforce mode, a covered
     * method and host). A plain question: unlike {@link #keyHeader} it never counts as a send.
     */
    public static boolean keyed(ToolFrame scope, String method, String host, int port) {
        HttpHooks h = hooks;
        if (scope == null || h == null) {
            return false;
        }
        try {
            return h.keyed(scope, method, host, port);
        } catch (Throwable t) {
            report(h, "keyed", t);
            return false;
        }
    }

    /**
     * Whether {@code scope} keeps evidence of a request with this method: every write of a guarded call, whatever its
     * host, keyed or not, in both modes. A plugin records attempts, exchanges and follow-ups only for these.
     */
    public static boolean watched(ToolFrame scope, String method) {
        HttpHooks h = hooks;
        if (scope == null || h == null) {
            return false;
        }
        try {
            return h.watched(scope, method);
        } catch (Throwable t) {
            report(h, "watched", t);
            return false;
        }
    }

    /**
     * A client starts an exchange for this request (once per send by the application, an SDK or a framework; not for
     * the client's own resends, which {@link #mayResend} decides). Returns {@code false} when it must not be sent:
     * inside a side-effect call under {@code client-retries: suppress}, it repeats a write whose outcome is unknown;
     * the plugin then fails the send with an {@code IOException} that says why, as the client fails a send. Every
     * exchange that was let through ends with {@link #ended}.
     */
    public static boolean sending(ToolFrame scope, String client, String method, String host, int port, String path) {
        HttpHooks h = hooks;
        if (scope == null || h == null) {
            return true;
        }
        try {
            return h.sending(scope, client, method, host, port, path);
        } catch (Throwable t) {
            report(h, "sending", t);
            return true;
        }
    }

    /** The exchange {@link #sending} let through is over: answered, or failed for good. */
    public static void ended(ToolFrame scope, String method, String host, int port, String path) {
        HttpHooks h = hooks;
        if (scope == null || h == null) {
            return;
        }
        try {
            h.ended(scope, method, host, port, path);
        } catch (Throwable t) {
            report(h, "ended", t);
        }
    }

    /**
     * {@code METHOD host:port path}: how a request's endpoint is named in {@link #followed} (and in the agent's
     * records).
     */
    public static String endpoint(String method, String host, int port, String path) {
        return method + " " + host + (port > 0 ? ":" + port : "") + " " + (path == null || path.isEmpty() ? "/" : path);
    }

    /**
     * The client follows the last answer of the request {@code from} (a redirect, an authentication round) with the
     * request {@code to} (both as {@link #endpoint} names them; {@code to} {@code null} when the plugin does not know
     * it): a 307/308 is then answered by the follow-up, once the follow-up is attempted (right away when {@code to} is
     * {@code null}, for a plugin that reports only redirects the client really follows).
     */
    public static void followed(ToolFrame scope, String from, String to) {
        HttpHooks h = hooks;
        if (scope == null || h == null || from == null) {
            return;
        }
        try {
            h.followed(scope, from, to);
        } catch (Throwable t) {
            report(h, "followed", t);
        }
    }

    /**
     * The exchange under way goes on with the request {@code to} (a redirect's follow-up, a retry the client makes on
     * its own threads): {@code to} is under way until {@link #ended}.
     */
    public static void continues(ToolFrame scope, String to) {
        HttpHooks h = hooks;
        if (scope == null || h == null || to == null) {
            return;
        }
        try {
            h.continues(scope, to);
        } catch (Throwable t) {
            report(h, "continues", t);
        }
    }

    /**
     * The client is about to send this request again by itself (its own retry of a failed attempt). Returns
     * {@code false} when the resend must not go: inside a side-effect call under {@code client-retries: suppress}, an
     * attempt of it may have been acted on (sent without an answer, or answered with a status that does not rule it
     * out); the stopped resend is then recorded ({@code detail} says whose).
     */
    public static boolean mayResend(ToolFrame scope, String client, String method, String host, int port, String path,
                                    String detail) {
        HttpHooks h = hooks;
        if (scope == null || h == null) {
            return true;
        }
        try {
            return h.mayResend(scope, client, method, host, port, path, detail);
        } catch (Throwable t) {
            report(h, "mayResend", t);
            return true;
        }
    }

    /** A call of {@code scope} was handed to an asynchronous client; {@link #handOffEnded} when that call finishes. */
    public static void handedOff(ToolFrame scope) {
        HttpHooks h = hooks;
        if (scope == null || h == null) {
            return;
        }
        try {
            h.handedOff(scope, true);
        } catch (Throwable t) {
            report(h, "handedOff", t);
        }
    }

    public static void handOffEnded(ToolFrame scope) {
        HttpHooks h = hooks;
        if (scope == null || h == null) {
            return;
        }
        try {
            h.handedOff(scope, false);
        } catch (Throwable t) {
            report(h, "handOffEnded", t);
        }
    }

    /** Records what the wire showed for one attempt ({@link #NOT_SENT}, {@link #NO_RESPONSE}, ...). */
    public static void attempt(ToolFrame scope, String client, String method, String host, int port, String path,
                               int outcome, int status, String detail) {
        HttpHooks h = hooks;
        if (scope == null || h == null) {
            return;
        }
        try {
            h.attempt(scope, client, method, host, port, path, outcome, status, detail);
        } catch (Throwable t) {
            report(h, "attempt", t);
        }
    }

    private static void report(HttpHooks h, String where, Throwable t) {
        try {
            h.bridgeError(where, t);
        } catch (Throwable ignored) {
            // the host's request goes on regardless
        }
    }
}
