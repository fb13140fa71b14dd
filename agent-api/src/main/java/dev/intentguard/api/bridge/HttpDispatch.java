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
     * The key header for a request of {@code scope}: {@code {name, value}}, or {@code null} to leave the
     * request untouched.
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
