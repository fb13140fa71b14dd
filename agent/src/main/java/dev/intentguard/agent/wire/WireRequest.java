package dev.intentguard.agent.wire;

import java.util.ArrayList;
import java.util.List;

/**
 * One write of a guarded call, across all its attempts: the client's own resends, an SDK's or a framework's retries
 * and the tool sending it again. Its state is what every attempt together proves, never the last attempt alone: an
 * attempt that may have reached the server leaves the request unknown unless an attempt succeeded. Guarded by the
 * {@link WireLog} that owns it.
 */
final class WireRequest {
    /** What a request's attempts prove. */
    enum State {
        /** An attempt succeeded: the effect happened (at least once). */
        SUCCEEDED,
        /** Some attempt may have been acted on and none succeeded, or an exchange of it is still under way. */
        UNKNOWN,
        /** Every attempt was not sent or refused: it did not take effect. */
        FAILED,
        /** Nothing recorded that answers it (its only attempts were stopped resends, or followed redirects). */
        NONE
    }

    final String endpoint;
    final String key;
    private final List<WireAttempt> attempts = new ArrayList<>(2);
    /** Exchanges of this request under way (begun by a client, not yet answered or failed). */
    private int underWay;

    WireRequest(String endpoint, String key) {
        this.endpoint = endpoint;
        this.key = key;
    }

    /**
     * Adds an attempt; returns it marked as a resend when an earlier attempt may have been acted on (a duplicate, sent
     * or stopped). One after attempts that were not sent, or refused, duplicates nothing.
     */
    WireAttempt add(WireAttempt attempt) {
        WireAttempt recorded = mayHaveActed() ? attempt.asResend() : attempt;
        attempts.add(recorded);
        return recorded;
    }

    void began() {
        underWay++;
    }

    void ended() {
        if (underWay > 0) {
            underWay--;
        }
    }

    boolean underWay() {
        return underWay > 0;
    }

    /** Whether an attempt succeeded or may have been acted on. */
    boolean mayHaveActed() {
        for (WireAttempt a : attempts) {
            if (a.meaning() == WireAttempt.Meaning.SUCCESS || a.meaning() == WireAttempt.Meaning.MAYBE) {
                return true;
            }
        }
        return false;
    }

    /** Whether the last answer refused it before processing (a 429, a status the tool names). */
    boolean lastNotProcessed() {
        for (int i = attempts.size() - 1; i >= 0; i--) {
            WireAttempt.Meaning m = attempts.get(i).meaning();
            if (m != WireAttempt.Meaning.NEUTRAL) {
                return m == WireAttempt.Meaning.NOT_PROCESSED;
            }
        }
        return false;
    }

    /** Whether any attempt reached, or may have reached, the server. */
    boolean mayHaveReached() {
        for (WireAttempt a : attempts) {
            if (a.sent()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Marks the last answered attempt as a redirect the client followed with the same method (307, 308): the follow-up
     * request answers it. Returns {@code false} when there is none.
     */
    boolean followed() {
        for (int i = attempts.size() - 1; i >= 0; i--) {
            WireAttempt a = attempts.get(i);
            if (a.outcome() == WireOutcome.RESPONSE) {
                if (a.status() != 307 && a.status() != 308) {
                    return false;                       // 301/302/303 follow-ups are GETs: the answer stays
                }
                attempts.set(i, a.asFollowed());
                return true;
            }
        }
        return false;
    }

    State state() {
        boolean maybe = false;
        boolean definite = false;
        for (WireAttempt a : attempts) {
            switch (a.meaning()) {
                case SUCCESS:
                    return State.SUCCEEDED;
                case MAYBE:
                    maybe = true;
                    break;
                case REFUSED:
                case NOT_PROCESSED:
                case NOT_SENT:
                    definite = true;
                    break;
                default:
                    break;
            }
        }
        if (maybe || underWay > 0) {
            return State.UNKNOWN;
        }
        return definite ? State.FAILED : State.NONE;
    }

    /**
     * Whether another attempt later could go through: every answer it got says it was not sent or not processed yet
     * (no definite refusal, nothing that may have acted).
     */
    boolean retryable() {
        boolean any = false;
        for (WireAttempt a : attempts) {
            switch (a.meaning()) {
                case NOT_SENT:
                case NOT_PROCESSED:
                    any = true;
                    break;
                case NEUTRAL:
                    break;
                default:
                    return false;
            }
        }
        return any;
    }

    /** Why the request is unknown, in words. */
    String unknownReason() {
        if (underWay > 0 && !mayHaveReached()) {
            return endpoint + " was still under way when the tool returned";
        }
        WireAttempt last = null;
        for (WireAttempt a : attempts) {
            if (a.meaning() == WireAttempt.Meaning.MAYBE) {
                last = a;
            }
        }
        if (last == null) {
            return endpoint + " was still under way when the tool returned";
        }
        String how = last.outcome() == WireOutcome.NO_RESPONSE
                ? " was sent and got no response" + (last.detail() == null ? "" : " (" + last.detail() + ")")
                : " answered HTTP " + last.status();
        WireAttempt after = attempts.get(attempts.size() - 1);
        return endpoint + how + (after != last && after.outcome() != WireOutcome.SUPPRESSED
                ? "; a later attempt " + (after.outcome() == WireOutcome.NOT_SENT ? "was not sent" : "answered HTTP " + after.status())
                + ", which does not undo it" : "");
    }

    /** Why the request failed for sure, in words. */
    String failedReason() {
        WireAttempt last = attempts.get(attempts.size() - 1);
        for (int i = attempts.size() - 1; i >= 0; i--) {
            WireAttempt.Meaning m = attempts.get(i).meaning();
            if (m == WireAttempt.Meaning.REFUSED || m == WireAttempt.Meaning.NOT_SENT || m == WireAttempt.Meaning.NOT_PROCESSED) {
                last = attempts.get(i);
                break;
            }
        }
        if (last.outcome() == WireOutcome.NOT_SENT) {
            return "nothing reached the server (" + (last.detail() == null ? "not sent" : last.detail()) + ")";
        }
        return last.meaning() == WireAttempt.Meaning.NOT_PROCESSED
                ? endpoint + " was answered HTTP " + last.status() + " before it was processed"
                : endpoint + " was refused with HTTP " + last.status();
    }
}
