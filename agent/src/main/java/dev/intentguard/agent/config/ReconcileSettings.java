package dev.intentguard.agent.config;

import java.time.Duration;

/** The {@code reconcile:} section: how unknown outcomes are checked again in the background. */
public final class ReconcileSettings {
    public static final ReconcileSettings DEFAULTS = new ReconcileSettings(Duration.ofMinutes(5), Duration.ofMinutes(1),
            Duration.ofHours(1));

    private final Duration interval;
    private final Duration minAge;
    private final Duration escalateAfter;

    public ReconcileSettings(Duration interval, Duration minAge, Duration escalateAfter) {
        this.interval = interval;
        this.minAge = minAge;
        this.escalateAfter = escalateAfter;
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
}
