package dev.intentguard.api.bridge;

/** What the agent core implements for the advice woven into HTTP clients and SDKs. */
public interface HttpHooks {

    /**
     * The key header for a request about to be sent in {@code scope}: {@code {name, value}}, or {@code null}
     * to leave the request untouched (method or host not covered, audit mode).
     *
     * @param existing the value of the header the caller or SDK already set, or {@code null}
     */
    String[] keyHeader(ToolFrame scope, String client, String method, String host, int port, String path, String existing);

    /** See {@link HttpDispatch#keyed}. */
    boolean keyed(ToolFrame scope, String method, String host, int port);

    /** Whether the client's own resends must be suppressed in {@code scope}. */
    boolean suppressResends(ToolFrame scope);

    /** Whether {@code scope} keeps evidence of requests with this method (see {@link HttpDispatch#watched}). */
    boolean watched(ToolFrame scope, String method);

    /** See {@link HttpDispatch#sending}. */
    boolean sending(ToolFrame scope, String client, String method, String host, int port, String path);

    /** See {@link HttpDispatch#ended}. */
    void ended(ToolFrame scope, String method, String host, int port, String path);

    /** See {@link HttpDispatch#followed}. */
    void followed(ToolFrame scope, String from, String to);

    /** See {@link HttpDispatch#continues}. */
    void continues(ToolFrame scope, String to);

    /** See {@link HttpDispatch#mayResend}. */
    boolean mayResend(ToolFrame scope, String client, String method, String host, int port, String path, String detail);

    /** A call handed to an asynchronous client ({@code started}), or its end. */
    void handedOff(ToolFrame scope, boolean started);

    /** Records what the wire showed for one attempt of a request (see {@link HttpDispatch} outcomes). */
    void attempt(ToolFrame scope, String client, String method, String host, int port, String path, int outcome,
                 int status, String detail);

    /**
     * A {@code java.net.http.HttpRequest} that is {@code request} with the header {@code name: value} set (replacing the
     * caller's), without copying the request through its builder; {@code null} when it cannot be made.
     */
    default Object keyedJdkRequest(Object request, String name, String value) {
        return null;
    }

    /** Reports a failure inside HTTP advice; must not throw. */
    void bridgeError(String where, Throwable error);
}
