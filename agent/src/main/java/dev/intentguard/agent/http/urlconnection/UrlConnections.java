package dev.intentguard.agent.http.urlconnection;

import dev.intentguard.agent.http.HttpGuard;
import dev.intentguard.agent.http.HttpTarget;
import dev.intentguard.agent.http.SendRefused;
import dev.intentguard.agent.wire.WireOutcome;
import dev.intentguard.bridge.IntentScope;
import dev.intentguard.bridge.ToolFrame;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.HttpURLConnection;
import java.net.SocketTimeoutException;
import java.net.URL;

/**
 * The adapter between {@code HttpURLConnection} (the JDK's {@code sun.net.www.protocol.http} implementation and the
 * {@code sun.net.www.http.HttpClient} connection under it) and the HTTP guard: how to read a connection's request,
 * how to set the key, what each attempt showed, and how the connection's two resends are told apart. Decisions are
 * the guard's.
 *
 * <p>{@code MessageHeader} (the request and response heads) is in {@code sun.net.www}, which {@code java.base} does not
 * export: the plugin's loader gets that package exported to it alone ({@link UrlConnectionPlugin#jdkInternals}), and its
 * two methods are called through method handles, only inside a tool.
 */
final class UrlConnections {
    static final String CLIENT = "HttpURLConnection";

    /** {@code writeRequests} skipped: the connection's resend after a failed write, stopped by the guard. */
    private static final Object RESEND_STOPPED = new Object();

    /** {@code parseHTTP} in a tool: not a write of it, nothing to record at exit. */
    static final int IGNORED = 0;
    /** The outermost call for a write: record what it got. */
    static final int WATCHED = 1;
    /** As WATCHED, and the connection's resend is stopped ({@code failedOnce} set for the call). */
    static final int SUPPRESSING = 2;
    /** The connection's own resend: the outer call records the end. */
    static final int RESEND = 3;

    private UrlConnections() {
    }

    static HttpTarget target(HttpURLConnection connection, String method) {
        URL url = connection.getURL();
        return HttpTarget.of(method, url.getProtocol(), url.getHost(), url.getPort(), url.getPath());
    }

    /**
     * {@code connect}, {@code getOutputStream} or {@code getInputStream} begins: the first of them in a tool sets the key
     * as a request property, while properties can still be set; every attempt, redirect and authentication round is
     * built from them.
     */
    static void key(HttpURLConnection connection, boolean connected, String called) {
        ToolFrame scope = IntentScope.current();
        HttpGuard guard = HttpGuard.get();
        if (scope == null || guard == null || connected) {
            return;
        }
        String method = connection.getRequestMethod();
        if ("GET".equals(method) && "getOutputStream".equals(called)) {
            method = "POST";                                  // getOutputStream turns a GET into a POST
        }
        String value = guard.keyFor(scope, target(connection, method));
        if (value == null) {
            return;
        }
        String name = guard.keyHeader();
        String existing = connection.getRequestProperty(name);
        if (value.equals(existing)) {
            return;                                           // set by an outer call already
        }
        guard.keyReplaced(scope, CLIENT, existing, value);
        connection.setRequestProperty(name, value);
    }

    /** {@code connect} failed: it opens the connection (tunnel and TLS included) and writes nothing of the request. */
    static void connectFailed(HttpURLConnection connection, Throwable thrown) {
        ToolFrame scope = IntentScope.current();
        HttpGuard guard = HttpGuard.get();
        if (thrown != null && scope != null && guard != null) {
            guard.attempt(scope, CLIENT, target(connection, connection.getRequestMethod()), WireOutcome.NOT_SENT, 0,
                    thrown.getClass().getSimpleName());
        }
    }

    /**
     * {@code writeRequests} begins: one exchange per call, refused when it repeats a write whose outcome is unknown;
     * with {@code failedOnce} set it is the connection's resend after a failed write, which the guard may stop.
     *
     * @return {@code null} to write; else the call is skipped and {@link #written} says what the caller gets
     */
    static Object write(HttpURLConnection connection, boolean failedOnce) {
        ToolFrame scope = IntentScope.current();
        HttpGuard guard = HttpGuard.get();
        if (scope == null || guard == null) {
            return null;
        }
        HttpTarget target = target(connection, connection.getRequestMethod());
        if (!failedOnce) {
            try {
                guard.begin(scope, CLIENT, target);             // the key went on at connect; this is the exchange
                return null;
            } catch (SendRefused refused) {
                return refused;
            }
        }
        if (!guard.watched(scope, target.method())) {
            return null;
        }
        guard.attempt(scope, CLIENT, target, WireOutcome.NO_RESPONSE, 0, "writing the request failed");
        return guard.mayResend(scope, CLIENT, target, "HttpURLConnection.writeRequests resend after a failed write")
                ? null : RESEND_STOPPED;
    }

    /** {@code writeRequests} was skipped ({@code skipped} is what {@link #write} answered): what the caller gets. */
    static Throwable written(Object skipped, HttpURLConnection connection) {
        if (skipped instanceof SendRefused) {
            return (SendRefused) skipped;
        }
        if (skipped != RESEND_STOPPED) {
            return null;
        }
        connection.disconnect();                              // the connection opened for the resend stays unused
        HttpGuard guard = HttpGuard.get();
        if (guard != null) {
            guard.ended(IntentScope.current(), target(connection, connection.getRequestMethod()));
        }
        return new IOException("Error writing to server");   // what HttpURLConnection throws when it will not try again
    }

    /**
     * {@code HttpClient.parseHTTP} begins (once per request written, and nested when the connection resends it):
     * {@code [state, failedOnce]}, where {@code failedOnce} is what the connection's field becomes for the call. The
     * connection sets it itself after its one resend, so setting it first makes the first failure final: that stops the
     * resend of a keyed write of a side-effect call under {@code client-retries: suppress}.
     */
    static Object[] parsing(Object requests, Object second, Object third, boolean failedOnce) throws Throwable {
        ToolFrame scope = IntentScope.current();
        HttpGuard guard = HttpGuard.get();
        if (scope == null || guard == null || requests == null) {
            return null;
        }
        HttpURLConnection c = connection(second, third);
        String method = method(requests);
        if (c == null || method == null || !guard.watched(scope, method)) {
            return null;                                      // not a write, or a proxy tunnel being opened
        }
        HttpTarget target = target(c, method);
        if (failedOnce) {
            // The connection is writing the request again after the previous attempt failed (same-key mode).
            guard.attempt(scope, CLIENT, target, WireOutcome.NO_RESPONSE, 0, "no response; HttpURLConnection sends it again");
            return new Object[] {RESEND, Boolean.TRUE, target};
        }
        if (guard.keyed(scope, target) && guard.suppressResends(scope)) {
            return new Object[] {SUPPRESSING, Boolean.TRUE, target};
        }
        return new Object[] {WATCHED, Boolean.FALSE, target};
    }

    /**
     * {@code parseHTTP} ended: what the attempt got, the end of the exchange, and a resend the connection would have
     * made (its {@code catch} and {@code parseHTTPHeader}'s end-of-stream branch) recorded as stopped. Returns what
     * {@code failedOnce} becomes: back to {@code false} after a stopped call, so a kept-alive connection behaves as usual
     * for later requests; {@code null} to leave it.
     */
    static Boolean parsed(Object[] state, Object responses, boolean streaming, boolean retryPost, Throwable thrown)
            throws Throwable {
        int s = state == null ? IGNORED : (Integer) state[0];
        if (s != WATCHED && s != SUPPRESSING) {
            return null;
        }
        ToolFrame scope = IntentScope.current();
        HttpGuard guard = HttpGuard.get();
        if (scope == null || guard == null) {
            return s == SUPPRESSING ? Boolean.FALSE : null;
        }
        HttpTarget target = (HttpTarget) state[2];
        String method = target.method();
        if (thrown == null) {
            int status = status(responses);
            if (status > 0) {
                guard.answered(scope, CLIENT, target, status, (String) MessageHeaders.FIND_VALUE.invokeExact(responses, "Retry-After"));
            }
            guard.ended(scope, target);
        } else {
            guard.attempt(scope, CLIENT, target, WireOutcome.NO_RESPONSE, 0, thrown.getClass().getSimpleName());
            guard.ended(scope, target);
            if (s == SUPPRESSING && thrown instanceof IOException && !(thrown instanceof SocketTimeoutException)
                    && !streaming && (retryPost || !"POST".equals(method))) {
                guard.attempt(scope, CLIENT, target, WireOutcome.SUPPRESSED, 0,
                        "HttpClient.parseHTTP resend after " + thrown.getClass().getSimpleName());
            }
        }
        return s == SUPPRESSING ? Boolean.FALSE : null;
    }

    /** {@code followRedirect} begins: the request it may follow, as a target. */
    static Object following(HttpURLConnection connection) {
        return IntentScope.current() == null ? null : target(connection, connection.getRequestMethod());
    }

    /** {@code followRedirect} answered {@code true}: the next {@code writeRequests} is the follow-up, its own exchange. */
    static void followed(Object from, boolean followed) {
        ToolFrame scope = IntentScope.current();
        HttpGuard guard = HttpGuard.get();
        if (followed && from instanceof HttpTarget && scope != null && guard != null) {
            guard.followed(scope, (HttpTarget) from, null);
        }
    }

    private static HttpURLConnection connection(Object second, Object third) {
        Object c = second instanceof HttpURLConnection ? second : third;
        return c instanceof HttpURLConnection ? (HttpURLConnection) c : null;
    }

    /** The request line's method, or {@code null} for a proxy's {@code CONNECT} (a tunnel, not the request). */
    private static String method(Object requests) throws Throwable {
        String line = (String) MessageHeaders.GET_KEY.invokeExact(requests, 0);
        int space = line == null ? -1 : line.indexOf(' ');
        return space <= 0 || line.startsWith("CONNECT ") ? null : line.substring(0, space);
    }

    private static int status(Object responses) throws Throwable {
        String line = (String) MessageHeaders.GET_VALUE.invokeExact(responses, 0);
        int space = line == null || !line.startsWith("HTTP/") ? -1 : line.indexOf(' ');
        return space > 0 && line.length() >= space + 4 ? Integer.parseInt(line.substring(space + 1, space + 4)) : 0;
    }

    /** {@code sun.net.www.MessageHeader}'s two readers, looked up on the first write of a tool, not at start-up. */
    private static final class MessageHeaders {
        static final MethodHandle GET_KEY;
        static final MethodHandle GET_VALUE;
        static final MethodHandle FIND_VALUE;

        static {
            try {
                Class<?> type = Class.forName("sun.net.www.MessageHeader");
                MethodType reader = MethodType.methodType(String.class, int.class);
                MethodType erased = MethodType.methodType(String.class, Object.class, int.class);
                GET_KEY = MethodHandles.lookup().findVirtual(type, "getKey", reader).asType(erased);
                GET_VALUE = MethodHandles.lookup().findVirtual(type, "getValue", reader).asType(erased);
                FIND_VALUE = MethodHandles.lookup().findVirtual(type, "findValue", MethodType.methodType(String.class, String.class))
                        .asType(MethodType.methodType(String.class, Object.class, String.class));
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }
    }
}
