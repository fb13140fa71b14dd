package dev.intentguard.agent.store;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RecordCodecTest {
    @Test
    void theCallerOfTheClaimingAttemptSurvivesEveryTransition() {
        IntentRecord r = IntentRecord.inFlight("refund", new byte[] {1, 2}, "[\"8812\"]", 1000)
                .withCaller("aaaa", "bbbb", null);
        IntentRecord decoded = RecordCodec.decode(RecordCodec.encode(r));
        assertEquals("aaaa", decoded.callerToolCall());
        assertEquals("bbbb", decoded.callerConversation());
        assertNull(decoded.callerTurn());
        assertEquals("[\"8812\"]", decoded.checkArgs());
        IntentRecord done = RecordCodec.decode(RecordCodec.encode(decoded.pendingUnknown("E", 2000).requiresReconciliation()));
        assertEquals("aaaa", done.callerToolCall());
        assertEquals("bbbb", done.callerConversation());
        assertNull(decoded.retried(new byte[] {1, 2}, null, 3000).callerToolCall(), "a new attempt has its own caller");
    }

    @Test
    void aRecordWithoutCallerIsTheSameBytesAsBeforeAndReadsBack() {
        IntentRecord r = IntentRecord.inFlight("refund", new byte[] {9}, null, 1000).done("{}", false, 1100);
        byte[] bytes = RecordCodec.encode(r);
        // the layout of version 1 up to the check arguments: nothing appended when no caller is known
        ByteBuffer b = ByteBuffer.wrap(bytes);
        b.position(3 + 8 + 8 + 4 + 8 + 8);
        for (int field = 0; field < 6; field++) {
            int n = b.getInt();
            b.position(b.position() + Math.max(0, n));
        }
        assertEquals(bytes.length, b.position(), "ends after the check arguments");
        IntentRecord back = RecordCodec.decode(bytes);
        assertNull(back.callerToolCall());
        assertEquals("{}", back.result());
        assertArrayEquals(bytes, RecordCodec.encode(back));
    }

    @Test
    void aRecordOfAnEarlierAgentWithoutTrailingFieldsStillReads() {
        IntentRecord full = IntentRecord.inFlight("refund", new byte[] {9}, null, 1000).done("{\"id\":1}", false, 1100);
        byte[] bytes = RecordCodec.encode(full);
        byte[] older = new byte[bytes.length - 4];                // without the check-arguments field (its -1)
        System.arraycopy(bytes, 0, older, 0, older.length);
        IntentRecord back = RecordCodec.decode(older);
        assertEquals("{\"id\":1}", back.result());
        assertNull(back.checkArgs());
        assertNull(back.callerConversation());
        assertTrue(new String(older, StandardCharsets.UTF_8).contains("refund"));
    }

    @Test
    void askingEscalationAndKeyArgumentsSurviveEveryTransitionThatKeepsThem() {
        IntentRecord r = IntentRecord.inFlight("refund", new byte[] {1}, "[\"8812\"]", 1000)
                .withKeyArgs("{\"orderId\":\"8812\"}");
        IntentRecord unknown = RecordCodec.decode(RecordCodec.encode(r.pendingUnknown("E", 2000).asked(2500)));
        assertEquals(2500, unknown.lastAskedAt());
        assertEquals("{\"orderId\":\"8812\"}", unknown.keyArgs());
        assertFalse(unknown.escalated());
        IntentRecord escalated = RecordCodec.decode(RecordCodec.encode(unknown.requiresReconciliation().asEscalated()));
        assertTrue(escalated.escalated());
        assertEquals(2500, escalated.lastAskedAt());
        IntentRecord resent = RecordCodec.decode(RecordCodec.encode(escalated.resent(3000)));
        assertEquals(IntentStatus.IN_FLIGHT, resent.status());
        assertEquals(3000, resent.lastAskedAt(), "a resend is an asking");
        assertEquals(2, resent.attempts());
        assertTrue(resent.escalated(), "escalated once per intent");
        IntentRecord next = RecordCodec.decode(RecordCodec.encode(resent.nextAttempt(3100)));
        assertEquals(3, next.attempts());
        assertTrue(RecordCodec.decode(RecordCodec.encode(next.failed("E", 3200))).escalated());
        assertEquals("{\"orderId\":\"8812\"}", RecordCodec.decode(RecordCodec.encode(next.done("1", false, 3300))).keyArgs());
    }
}
