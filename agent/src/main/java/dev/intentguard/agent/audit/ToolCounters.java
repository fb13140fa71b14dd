package dev.intentguard.agent.audit;

import java.util.concurrent.atomic.LongAdder;

/** One tool's counters since the JVM started (what JMX shows). */
public final class ToolCounters {
    final String effect;
    final LongAdder invocations = new LongAdder();
    final LongAdder runs = new LongAdder();
    final LongAdder wireAttempts = new LongAdder();
    final LongAdder suppressed = new LongAdder();
    final LongAdder unknownOutcomes = new LongAdder();
    final LongAdder disabledAnswers = new LongAdder();
    final LongAdder escalations = new LongAdder();
    final LongAdder[] repeats = adders();
    final LongAdder[] prevented = adders();

    ToolCounters(String effect) {
        this.effect = effect;
    }

    private static LongAdder[] adders() {
        LongAdder[] a = new LongAdder[Layer.values().length];
        for (int i = 0; i < a.length; i++) {
            a[i] = new LongAdder();
        }
        return a;
    }

    public String effect() {
        return effect;
    }

    /** Calls of the tool the agent saw, whether the body ran or not. */
    public long invocations() {
        return invocations.sum();
    }

    /** Calls whose body ran. */
    public long runs() {
        return runs.sum();
    }

    /** Write requests the tool's calls sent (attempts that reached, or may have reached, the server). */
    public long wireAttempts() {
        return wireAttempts.sum();
    }

    /** Client or SDK resends the agent stopped. */
    public long suppressed() {
        return suppressed.sum();
    }

    /** Calls that ended with an unknown outcome (recorded pending_unknown). */
    public long unknownOutcomes() {
        return unknownOutcomes.sum();
    }

    /** Intents escalated to a person (a retry budget spent, requires_reconciliation), by this JVM. */
    public long escalations() {
        return escalations.sum();
    }

    /** Calls answered {@code disabled} (the kill switch). */
    public long disabledAnswers() {
        return disabledAnswers.sum();
    }

    public long repeats(Layer layer) {
        return repeats[layer.ordinal()].sum();
    }

    public long prevented(Layer layer) {
        return prevented[layer.ordinal()].sum();
    }
}
