package dev.intentguard.agent.wire;

/** One attempt of one request, as the HTTP layer saw it. */
public final class WireAttempt {
    /** What an attempt proves about the effect of its request. */
    public enum Meaning {
        /** The server took the request: 2xx, or 303 (processed; the result is elsewhere). */
        SUCCESS,
        /** It reached (or may have reached) the server, and nothing says it was not acted on. */
        MAYBE,
        /** The server answered that it did not act on it: a definite 4xx, an unfollowed 307/308. */
        REFUSED,
        /**
         * The server answered that it did not process it yet, and another attempt later may go through: 429 Too Many
         * Requests, or a status the tool's provider documents as answered before processing ({@code not-processed:}).
         */
        NOT_PROCESSED,
        /** Nothing reached the server. */
        NOT_SENT,
        /** No answer to the request itself: a stopped resend, a redirect the client followed, an interim 1xx. */
        NEUTRAL
    }

    private final String client;
    private final String request;
    private final WireOutcome outcome;
    private final int status;
    private final String detail;
    private final long atMillis;
    private final boolean resend;
    private final boolean followed;
    private final boolean notProcessed;
    private final long retryAfterMillis;

    public WireAttempt(String client, String request, WireOutcome outcome, int status, String detail, long atMillis) {
        this(client, request, outcome, status, detail, atMillis, -1);
    }

    /** @param retryAfterMillis how long the answer's {@code Retry-After} asks to wait, or -1 when it has none */
    public WireAttempt(String client, String request, WireOutcome outcome, int status, String detail, long atMillis,
                       long retryAfterMillis) {
        this(client, request, outcome, status, detail, atMillis, false, false, false, retryAfterMillis);
    }

    private WireAttempt(String client, String request, WireOutcome outcome, int status, String detail, long atMillis,
                        boolean resend, boolean followed, boolean notProcessed, long retryAfterMillis) {
        this.resend = resend;
        this.followed = followed;
        this.notProcessed = notProcessed;
        this.retryAfterMillis = retryAfterMillis;
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
     * {@code true} when an earlier attempt of the same request in the same call succeeded or may have been acted on: this
     * one is a duplicate (sent, or stopped when {@link WireOutcome#SUPPRESSED}). A resend after attempts that were never
     * sent or were refused is no duplicate, and neither is a second, different write to the same endpoint.
     */
    public boolean resend() {
        return resend;
    }

    /** {@code true} for a 307/308 the client followed with the same method: the follow-up answers the request. */
    public boolean followed() {
        return followed;
    }

    /** How long the answer's {@code Retry-After} asked to wait before another attempt, or -1. */
    public long retryAfterMillis() {
        return retryAfterMillis;
    }

    /** {@code true} if the attempt reached, or may have reached, the server. */
    public boolean sent() {
        return outcome == WireOutcome.RESPONSE || outcome == WireOutcome.NO_RESPONSE;
    }

    /** What this attempt proves about its request's effect. */
    public Meaning meaning() {
        switch (outcome) {
            case NOT_SENT:
                return Meaning.NOT_SENT;
            case NO_RESPONSE:
                return Meaning.MAYBE;
            case SUPPRESSED:
                return Meaning.NEUTRAL;
            default:
                return followed ? Meaning.NEUTRAL : notProcessed ? Meaning.NOT_PROCESSED : meaningOf(status);
        }
    }

    /**
     * The meaning of a final HTTP status for a write. 2xx and 303 (See Other: the server processed it and points at
     * the result) are success. 307 and 308 ask for the same request elsewhere: not acted on here. Every other 3xx is
     * an answer the agent cannot read as done or not done. 429 (Too Many Requests) is answered before processing: not
     * processed, and worth another attempt later. 408, 409, 425 and 5xx may follow processing (a timeout behind a
     * gateway, a conflict with a concurrent attempt, a provider that processed and then failed), unless the tool names
     * them as its provider's answers before processing ({@code not-processed:}). Other 4xx are definite refusals. 1xx is
     * interim, never an answer.
     */
    public static Meaning meaningOf(int status) {
        if (status < 200) {
            return Meaning.NEUTRAL;
        }
        if (status < 300 || status == 303) {
            return Meaning.SUCCESS;
        }
        if (status == 307 || status == 308) {
            return Meaning.REFUSED;
        }
        if (status == 429) {
            return Meaning.NOT_PROCESSED;
        }
        if (status < 400 || status >= 500 || status == 408 || status == 409 || status == 425) {
            return Meaning.MAYBE;
        }
        return Meaning.REFUSED;
    }

    /**
     * A {@code Retry-After} header's value as milliseconds from {@code now}: delay-seconds, or an HTTP-date;
     * -1 when there is none or it cannot be read.
     */
    public static long retryAfterMillis(String header, long now) {
        if (header == null || header.isBlank()) {
            return -1;
        }
        String v = header.trim();
        try {
            long seconds = Long.parseLong(v);
            return seconds < 0 ? -1 : Math.min(seconds, 31_536_000L) * 1000;
        } catch (NumberFormatException notSeconds) {
            try {
                long at = java.time.ZonedDateTime.parse(v, java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME)
                        .toInstant().toEpochMilli();
                return Math.max(0, at - now);
            } catch (java.time.format.DateTimeParseException notADate) {
                return -1;
            }
        }
    }

    WireAttempt asResend() {
        return new WireAttempt(client, request, outcome, status, detail, atMillis, true, followed, notProcessed, retryAfterMillis);
    }

    WireAttempt asFollowed() {
        return new WireAttempt(client, request, outcome, status, detail, atMillis, resend, true, notProcessed, retryAfterMillis);
    }

    /** The same answer, from a provider that documents its status as given before processing. */
    WireAttempt asNotProcessed() {
        return new WireAttempt(client, request, outcome, status, detail, atMillis, resend, followed, true, retryAfterMillis);
    }

    @Override
    public String toString() {
        return client + " " + request + " " + outcome + (status > 0 ? " " + status : "") + (followed ? " followed" : "")
                + (detail == null ? "" : " (" + detail + ")");
    }
}
