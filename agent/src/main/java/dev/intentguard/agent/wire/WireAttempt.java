package dev.intentguard.agent.wire;

/** One attempt of one request, as the HTTP layer saw it. */
public final class WireAttempt {
    private final String client;
    private final String request;
    private final WireOutcome outcome;
    private final int status;
    private final String detail;
    private final long atMillis;
    private final boolean resend;

    public WireAttempt(String client, String request, WireOutcome outcome, int status, String detail, long atMillis) {
        this(client, request, outcome, status, detail, atMillis, false);
    }

    private WireAttempt(String client, String request, WireOutcome outcome, int status, String detail, long atMillis,
                        boolean resend) {
        this.resend = resend;
        this.client = client;
        this.request = request;
        this.outcome = outcome;
        this.status = status;
        this.detail = detail;
        this.atMillis = atMillis;
    }

    /** The client or SDK that made it, e.g. {@code okhttp}. */
    public String client() {
        return client;
    }

    /** {@code METHOD host:port path}. */
    public String request() {
        return request;
    }

    public WireOutcome outcome() {
        return outcome;
    }

    /** The HTTP status of a {@link WireOutcome#RESPONSE}, else 0. */
    public int status() {
        return status;
    }

    public String detail() {
        return detail;
    }

    public long atMillis() {
        return atMillis;
    }

    /**
     * {@code true} when an earlier attempt of the same request in the same call reached (or may have reached) the
     * server: this one is a duplicate made by the client or SDK (sent, or stopped when {@link WireOutcome#SUPPRESSED}).
     * A resend after an attempt that was never sent is no duplicate.
     */
    public boolean resend() {
        return resend;
    }

    /** {@code true} if the attempt reached, or may have reached, the server. */
    public boolean sent() {
        return outcome == WireOutcome.RESPONSE || outcome == WireOutcome.NO_RESPONSE;
    }

    WireAttempt asResend() {
        return new WireAttempt(client, request, outcome, status, detail, atMillis, true);
    }

    /** A response that says the request may have taken effect without saying so: 5xx, 408, 409, 425, 429. */
    boolean ambiguousStatus() {
        return status >= 500 || status == 408 || status == 409 || status == 425 || status == 429;
    }

    @Override
    public String toString() {
        return client + " " + request + " " + outcome + (status > 0 ? " " + status : "") + (detail == null ? "" : " (" + detail + ")");
    }
}
