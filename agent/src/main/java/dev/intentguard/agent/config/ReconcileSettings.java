package dev.intentguard.agent.config;

import java.time.Duration;

/** The {@code reconcile:} section: how unknown outcomes are checked again in the background. */
public final class ReconcileSettings {
    public static final Duration DEFAULT_CHECK_INTERVAL = Duration.ofSeconds(5);
    public static final ReconcileSettings DEFAULTS = new ReconcileSettings(Duration.ofMinutes(5), Duration.ofMinutes(1),
            Duration.ofHours(1));

    private final Duration interval;
    private final Duration minAge;
    private final Duration escalateAfter;
    private final Duration checkInterval;

    public ReconcileSettings(Duration interval, Duration minAge, Duration escalateAfter) {
        this(interval, minAge, escalateAfter, DEFAULT_CHECK_INTERVAL);
    }

    public ReconcileSettings(Duration interval, Duration minAge, Duration escalateAfter, Duration checkInterval) {
        this.interval = interval;
        this.minAge = minAge;
        this.escalateAfter = escalateAfter;
        this.checkInterval = checkInterval;
    }

    /** How often the reconciler looks at unknown intents (and the sweeper at expired ones). */
    public Duration interval() {
        return interval;
    }

    /** An unknown intent is checked again once it is at least this old. */
    public Duration minAge() {
        return minAge;
    }

    /** An intent still unknown this long after it became unknown is marked requires_reconciliation. */
    public Duration escalateAfter() {
        return escalateAfter;
    }

    /**
     * A repeat of an unknown intent asks the provider again (its check, or a resend with the same key) at most once in
     * this long, per intent, across every JVM on the store.
     */
    public Duration checkInterval() {
        return checkInterval;
    }
}
