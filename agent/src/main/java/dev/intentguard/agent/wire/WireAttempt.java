package dev.intentguard.agent.wire;

/** One attempt of one request, as the HTTP layer saw it. */
public final class WireAttempt {
    private final String client;
    private final String request;
    private final WireOutcome outcome;
    private final int status;
    private final String detail;
    private final long atMillis;

    public WireAttempt(String client, String request, WireOutcome outcome, int status, String detail, long atMillis) {
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

    /** A response that says the request may have taken effect without saying so: 5xx, 408, 409, 425, 429. */
    boolean ambiguousStatus() {
        return status >= 500 || status == 408 || status == 409 || status == 425 || status == 429;
    }

    @Override
    public String toString() {
        return client + " " + request + " " + outcome + (status > 0 ? " " + status : "") + (detail == null ? "" : " (" + detail + ")");
    }
}
