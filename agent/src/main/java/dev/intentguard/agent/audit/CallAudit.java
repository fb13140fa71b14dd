package dev.intentguard.agent.audit;

import dev.intentguard.agent.store.IntentRecord;
import dev.intentguard.agent.wire.WireAttempt;
import dev.intentguard.agent.wire.WireLog;
import dev.intentguard.agent.wire.WireOutcome;
import dev.intentguard.bridge.FrameworkRetry;

import java.util.List;

/**
 * The audit of one guarded call, from begin to end, on the calling thread. The tool layer tells it what it found
 * (an existing record: the call repeats an intent) and how the call ended; it works out which layer made the repeat,
 * and on {@link #end} counts, warns, emits the JFR events and queues the journal entry. Nothing here throws into the
 * call: a failure of the audit loses the audit, never the call.
 */
public final class CallAudit implements WireLog.Observer {
    private final AuditRecorder recorder;
    private final String tool;
    private final String effect;
    private final String key;
    private final long startMillis;
    private final long startNanos;
    private final CallerSnapshot caller;
    /** The retry framework that re-ran this call (its advice said so just before), else {@code null}. */
    private final String retriedBy;
    private final Object jfrCall;

    /** What this JVM knew of the intent before this call (valid after {@link #resolve}). */
    private RecentIntents.Seen seen;
    /** This call recorded the intent for the first time: there is nothing to compare it with. */
    private boolean firstRecord;

    private CallerSnapshot recordCaller;
    private boolean recordSeen;
    private boolean resolved;
    private volatile Layer layer;
    private String library;
    private String wouldAnswer;

    CallAudit(AuditRecorder recorder, String tool, String effect, String key) {
        this.recorder = recorder;
        this.tool = tool;
        this.effect = effect;
        this.key = key;
        this.startMillis = System.currentTimeMillis();
        this.startNanos = System.nanoTime();
        this.caller = CallerSnapshot.current();
        this.retriedBy = FrameworkRetry.take();
        this.jfrCall = recorder.events.toolCallBegin();
    }

    /** Who made this call, to keep in the intent record it claims. */
    public CallerSnapshot caller() {
        return caller;
    }

    /** The store has a record of this intent: the call repeats it. The first record seen counts. */
    public void existing(IntentRecord record) {
        if (!recordSeen && record != null) {
            recordSeen = true;
            recordCaller = CallerSnapshot.of(record);
        }
    }

    /**
     * This call recorded the intent in the store for the first time. It is then not remembered among the recent
     * intents: a repeat finds the record, which keeps this call's caller, so only repeats need remembering (a map
     * update less for every new intent, which costs cache misses at the map's size).
     */
    public void firstRecord() {
        firstRecord = true;
    }

    /** {@code mode: audit}: what enforce mode would have answered instead of running the body ({@code null}: run it). */
    public void wouldAnswer(String status) {
        this.wouldAnswer = status;
    }

    /**
     * Decides, once, whether this call repeats an intent and which layer made it.
     */
    public void resolve() {
        if (resolved) {
            return;
        }
        resolved = true;
        if (!firstRecord) {
            seen = recorder.recent.remember(key, caller, recordSeen);
        }
        if (seen == null && !recordSeen) {
            return;                                          // a first invocation
        }
        CallerSnapshot previous = seen != null ? seen.last : recordCaller;
        Attribution a = Attribution.decide(previous, caller, retriedBy);
        library = a.library;
        layer = a.layer;
    }

    /** The layer that repeated the intent, or {@code null} for a first invocation (valid after {@link #resolve}). */
    public Layer layer() {
        return layer;
    }

    @Override
    public void attempted(WireAttempt attempt) {
        try {
            recorder.events.wireAttempt(tool, key, attempt,
                    attempt.resend() || attempt.outcome() == WireOutcome.SUPPRESSED ? Layer.CLIENT : layer);
        } catch (Throwable ignored) {
            // the request goes on regardless
        }
    }

    /**
     * The call ended. {@code ran}: the body ran; {@code answer}: what the caller got ({@code result}, {@code error},
     * or the status the agent answered); {@code outcome}: what the intent became (or would have become), or
     * {@code null}.
     */
    public void end(boolean ran, String answer, String outcome, Throwable thrown, WireLog wire) {
        try {
            resolve();
            List<WireAttempt> attempts = wire == null ? List.of() : wire.attempts();
            boolean prevented = !recorder.audit && layer != null && !ran && AuditRecorder.preventing(answer);
            CallEntry entry = new CallEntry(startMillis, (System.nanoTime() - startNanos) / 1000, recorder.pid(),
                    recorder.mode, tool, effect, key, layer, library, seen == null ? 1 : seen.repeats + 1,
                    caller.framework, ran, answer, outcome, wouldAnswer, prevented,
                    thrown == null ? null : thrown.getClass().getName(), attempts);
            recorder.ended(entry, jfrCall);
        } catch (Throwable ignored) {
            recorder.auditFailed(ignored);
        }
    }
}
