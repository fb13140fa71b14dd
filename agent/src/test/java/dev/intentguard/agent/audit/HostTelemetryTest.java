package dev.intentguard.agent.audit;

import dev.intentguard.agent.wire.WireAttempt;
import dev.intentguard.agent.wire.WireOutcome;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How one ended call becomes the host's metrics: what is counted as prevented (enforce) or as what enforce would have
 * prevented (audit), suppressed resends, fan-out, the gauge of unknown intents, and that a library which cannot be
 * reached leaves the rest alone. The host's libraries themselves are tested in HostMetricsIT and OpenTelemetryIT.
 */
class HostTelemetryTest {
    /** What a HostMeters was told, one line per call. */
    static final class Told implements HostMeters {
        final List<String> lines = new ArrayList<>();

        @Override
        public void toolCall(String tool, String effect, String status) {
            lines.add("call " + tool + " " + effect + " " + status);
        }

        @Override
        public void duplicatePrevented(String tool, String layer, String mode, int count) {
            lines.add("prevented " + tool + " " + layer + " " + mode + " " + count);
        }

        @Override
        public void resendsSuppressed(String tool, String client, int count) {
            lines.add("suppressed " + tool + " " + client + " " + count);
        }

        @Override
        public void fanout(String tool, int writeRequests) {
            lines.add("fanout " + tool + " " + writeRequests);
        }

        @Override
        public void unknownIntents(String tool, long count, long oldestSeconds) {
            lines.add("unknown " + tool + " " + count + " oldest " + oldestSeconds + " s");
        }

        @Override
        public void spanOfCall(String tool, String status, String repeatLayer, String keyHash, String preventedLayer,
                               int suppressed, String client) {
            lines.add("span " + tool + " " + status + " " + repeatLayer + " " + keyHash + " " + preventedLayer + " "
                    + suppressed + " " + client);
        }

        @Override
        public String describe() {
            return "told";
        }
    }

    private static CallEntry call(String mode, Layer layer, boolean ran, String answer, String wouldAnswer, boolean prevented,
                                  WireAttempt... attempts) {
        return new CallEntry(0, 1, 1, mode, "refund_order", "side_effect", "ig1:refund_order:HASH", layer, null,
                layer == null ? 1 : 2, null, ran, answer, null, wouldAnswer, prevented, null, List.of(attempts));
    }

    /** As AuditRecorder hands it over: the call's attempts that were sent, counted. */
    private static void record(HostTelemetry t, CallEntry call, boolean audit, int suppressed, int wouldSuppress, String client) {
        t.record(call, audit, call.sentAttempts(), suppressed, wouldSuppress, client);
    }

    private static WireAttempt sent() {
        return new WireAttempt("okhttp", "POST h /r", WireOutcome.NO_RESPONSE, 0, null, 1L);
    }

    @Test
    void withNothingFoundNothingIsToldAndSuppliersRunOnTheNextCallNotBefore() {
        HostTelemetry t = new HostTelemetry();
        record(t, call("enforce", null, true, "result", null, false, sent()), false, 0, 0, null);
        assertFalse(t.active());
        Told told = new Told();
        int[] made = {0};
        t.found(() -> {
            made[0]++;
            return told;
        });
        assertEquals(0, made[0], "not made inside found (a class load)");
        record(t, call("enforce", null, true, "result", null, false, sent()), false, 0, 0, null);
        assertEquals(1, made[0]);
        assertTrue(t.active());
        assertEquals(List.of("span refund_order result null HASH null 0 null", "call refund_order side_effect result",
                "fanout refund_order 1"), told.lines);
    }

    @Test
    void enforceCountsARepeatItAnsweredAndTheResendItStopped() {
        HostTelemetry t = new HostTelemetry();
        Told told = new Told();
        t.found(() -> told);
        record(t, call("enforce", Layer.FRAMEWORK, false, "pending_unknown", null, true), false, 0, 0, null);
        record(t, call("enforce", null, true, "pending_unknown", null, false, sent()), false, 1, 0, "okhttp");
        assertEquals(List.of(
                "span refund_order pending_unknown framework HASH framework 0 null",
                "call refund_order side_effect pending_unknown",
                "prevented refund_order framework enforce 1",
                "span refund_order pending_unknown null HASH null 1 okhttp",
                "call refund_order side_effect pending_unknown",
                "prevented refund_order client enforce 1",
                "suppressed refund_order okhttp 1",
                "fanout refund_order 1"), told.lines);
    }

    @Test
    void auditCountsWhatEnforceWouldHavePreventedAndTheResendsItWouldHaveStopped() {
        HostTelemetry t = new HostTelemetry();
        Told told = new Told();
        t.found(() -> told);
        record(t, call("audit", Layer.MODEL, true, "result", "already_done", false, sent(), sent()), true, 0, 1, "okhttp");
        // A first call (no layer) that enforce would also have run is no duplicate.
        record(t, call("audit", null, true, "result", null, false, sent()), true, 0, 0, null);
        assertEquals(List.of(
                "span refund_order result model HASH null 0 okhttp",
                "call refund_order side_effect result",
                "prevented refund_order model audit 1",
                "prevented refund_order client audit 1",
                "fanout refund_order 2",
                "span refund_order result null HASH null 0 null",
                "call refund_order side_effect result",
                "fanout refund_order 1"), told.lines);
    }

    @Test
    void theGaugeOfUnknownIntentsFallsToZeroForAToolNoLongerSeen() {
        HostTelemetry t = new HostTelemetry();
        Told told = new Told();
        t.found(() -> told);
        HostTelemetry.Unknown refunds = new HostTelemetry.Unknown();
        refunds.add(10_000, 3_610_000);          // unknown for an hour
        refunds.add(3_000_000, 3_610_000);       // for ten minutes and a bit
        t.unknownIntents(Map.of("refund_order", refunds));
        t.unknownIntents(Map.of());
        assertEquals(List.of("unknown refund_order 2 oldest 3600 s", "unknown refund_order 0 oldest 0 s"), told.lines);
    }

    @Test
    void aLibraryThatCannotBeReachedLeavesTheOthersCounting() {
        HostTelemetry t = new HostTelemetry();
        Told told = new Told();
        t.found(() -> {
            throw new IllegalStateException("no such method");
        });
        t.found(() -> null);                       // a plugin that decided against it (the Java agent counts instead)
        t.found(() -> told);
        record(t, call("enforce", null, true, "result", null, false), false, 0, 0, null);
        assertEquals(List.of("span refund_order result null HASH null 0 null", "call refund_order side_effect result"),
                told.lines);
    }
}
