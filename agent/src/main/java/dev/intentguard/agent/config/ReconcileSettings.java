package dev.intentguard.agent.config;

import java.time.Duration;

/** The {@code reconcile:} section: how unknown outcomes are checked again in the background. */
public final class ReconcileSettings {
    static final Setting<Duration> INTERVAL = Setting.duration("reconcile.interval", Duration.ofMinutes(5))
            .doc("How often the reconciler looks at unknown intents (and the housekeeping thread removes expired finished ones).");
    static final Setting<Duration> MIN_AGE = Setting.duration("reconcile.min-age", Duration.ofMinutes(1))
            .doc("An unknown intent is checked again once it has been unknown this long.");
    static final Setting<Duration> ESCALATE_AFTER = Setting.duration("reconcile.escalate-after", Duration.ofHours(1))
            .doc("Still unknown this long after it became unknown: the intent becomes `requires_reconciliation` and is escalated once (see below).");
    static final Setting<Duration> CHECK_INTERVAL = Setting.duration("reconcile.check-interval", Duration.ofSeconds(5))
            .doc("A repeat of an unknown intent (\"did my refund go through?\") asks again at most this often per intent, across every JVM on the store: it runs the tool's check (or, with `unknown: resend-same-key`, sends the request once more with the same key).");
    static final Section SECTION = new Section("reconcile", "reconcile.",
            "indent interval:, min-age:, escalate-after: under reconcile:",
            INTERVAL, MIN_AGE, ESCALATE_AFTER, CHECK_INTERVAL);

    public static final Duration DEFAULT_CHECK_INTERVAL = CHECK_INTERVAL.defaultValue();
    public static final ReconcileSettings DEFAULTS = from(SECTION.empty());

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

    static ReconcileSettings from(Section.Values v) {
        return new ReconcileSettings(v.get(INTERVAL), v.get(MIN_AGE), v.get(ESCALATE_AFTER), v.get(CHECK_INTERVAL));
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
