package dev.intentguard.agent.config;

import java.time.Duration;

/**
 * A tool's {@code retry:} section: the retries the agent itself makes of a call that failed before anything was
 * processed (nothing sent, a 429, a status the tool names under {@code not-processed:}), with the same key. An outcome
 * that may have acted is never retried by it.
 */
public final class RetryBudget {
    static final Setting<Integer> ATTEMPTS = Setting.intRange("retry.attempts", 3, 1, 100,
            "write the attempts in all, the first included, e.g. attempts: 3")
            .doc("Attempts in all, the first included.");
    static final Setting<Duration> BACKOFF = Setting.duration("retry.backoff", Duration.ofMillis(100))
            .doc("The wait before the first retry, doubled for each next one.");
    static final Setting<Duration> MAX_BACKOFF = Setting.duration("retry.max-backoff", Duration.ofSeconds(2))
            .doc("The longest wait between two attempts.");
    static final Setting<Duration> DEADLINE = Setting.duration("retry.deadline", Duration.ofSeconds(10))
            .doc("No attempt starts after this long since the call began.");
    /** A tool's {@code retry:}; whether the tool may have one depends on its effect, which {@link ToolSpec} weighs. */
    static final Section SECTION = new Section("tools.retry", "tools[].retry.",
            "indent attempts:, backoff:, max-backoff:, deadline: under retry:", ATTEMPTS, BACKOFF, MAX_BACKOFF, DEADLINE);

    private final int attempts;
    private final Duration backoff;
    private final Duration maxBackoff;
    private final Duration deadline;

    /**
     * @param attempts the attempts in all, the first included
     * @param backoff the first wait; doubled each time, with full jitter
     * @param maxBackoff the longest wait between two attempts (a longer {@code Retry-After} is still honoured)
     * @param deadline the whole call, waits included
     */
    public RetryBudget(int attempts, Duration backoff, Duration maxBackoff, Duration deadline) {
        this.attempts = attempts;
        this.backoff = backoff;
        this.maxBackoff = maxBackoff;
        this.deadline = deadline;
    }

    static RetryBudget from(Section.Values v) {
        return new RetryBudget(v.get(ATTEMPTS), v.get(BACKOFF), v.get(MAX_BACKOFF), v.get(DEADLINE));
    }

    public int attempts() {
        return attempts;
    }

    public Duration backoff() {
        return backoff;
    }

    public Duration maxBackoff() {
        return maxBackoff;
    }

    public Duration deadline() {
        return deadline;
    }

    /**
     * The wait before attempt {@code next} (2 for the first retry): full jitter over {@code backoff * 2^(next-2)}, capped
     * by {@code max-backoff}; {@code random} in [0, 1).
     */
    public long waitMillis(int next, double random) {
        long ceiling = backoff.toMillis();
        for (int i = 2; i < next && ceiling < maxBackoff.toMillis(); i++) {
            ceiling *= 2;
        }
        return (long) (Math.min(ceiling, maxBackoff.toMillis()) * random);
    }
}
