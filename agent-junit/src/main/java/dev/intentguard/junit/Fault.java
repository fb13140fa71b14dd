package dev.intentguard.junit;

import java.time.Duration;

/**
 * What the {@link FaultyProvider} does with one write request (POST, PUT, PATCH, DELETE): the fault matrix of an
 * unreliable provider. "After processing" means the effect happened (a refund made, a mail sent) before the fault;
 * "before processing" means nothing happened.
 */
public final class Fault {
    enum Kind { ANSWER, ANSWER_LATE, RESET_AFTER_PROCESSING, FAIL_AFTER_PROCESSING, REJECT_BEFORE_PROCESSING }

    final Kind kind;
    final int status;
    final Duration delay;
    final Duration retryAfter;

    private Fault(Kind kind, int status, Duration delay, Duration retryAfter) {
        this.kind = kind;
        this.status = status;
        this.delay = delay;
        this.retryAfter = retryAfter;
    }

    /** Processes the request and answers 200 at once: no fault. */
    public static Fault answer() {
        return new Fault(Kind.ANSWER, 200, Duration.ZERO, null);
    }

    /** Processes the request and answers {@code delay} later: past the client's timeout, the caller cannot know. */
    public static Fault answerLate(Duration delay) {
        return new Fault(Kind.ANSWER_LATE, 200, delay, null);
    }

    /** Reads the whole request, processes it, and resets the connection without a word. */
    public static Fault resetAfterProcessing() {
        return new Fault(Kind.RESET_AFTER_PROCESSING, 0, Duration.ZERO, null);
    }

    /** Processes the request, then answers {@code status} (a 500 or 502 of a provider whose database committed). */
    public static Fault failAfterProcessing(int status) {
        return new Fault(Kind.FAIL_AFTER_PROCESSING, status, Duration.ZERO, null);
    }

    /**
     * Answers {@code status} (503, 429) with {@code Retry-After} before processing anything: the one error that proves
     * nothing happened, when the provider documents it so. {@code retryAfter} {@code null}: no {@code Retry-After}.
     */
    public static Fault rejectBeforeProcessing(int status, Duration retryAfter) {
        return new Fault(Kind.REJECT_BEFORE_PROCESSING, status, Duration.ZERO, retryAfter);
    }

    /** Whether the provider makes the effect. */
    boolean processes() {
        return kind != Kind.REJECT_BEFORE_PROCESSING;
    }

    @Override
    public String toString() {
        switch (kind) {
            case ANSWER:
                return "answer";
            case ANSWER_LATE:
                return "answer late (" + delay.toMillis() + " ms)";
            case RESET_AFTER_PROCESSING:
                return "reset after processing";
            case FAIL_AFTER_PROCESSING:
                return status + " after processing";
            default:
                return status + " before processing" + (retryAfter == null ? "" : " (Retry-After " + retryAfter.toSeconds() + " s)");
        }
    }
}
