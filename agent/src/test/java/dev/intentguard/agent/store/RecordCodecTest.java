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

    private static final String[] TEXTS = {"", "refund", "caf\u00e9 \u00fcber", "\u20ac 49 \u2192 ok", "\ud83d\udcb8 sent",
        "lone high \ud83d", "\udcb8 lone low", "end high \ud83d", "\ud83d\ud83d\udcb8", "\u0000\u007f\u0080\u07ff\u0800\uffff"};

    @Test
    void theLayoutIsWrittenByteForByteWhateverTheText() {
        for (String text : TEXTS) {
            byte[] expected = text.getBytes(StandardCharsets.UTF_8);
            IntentRecord claim = IntentRecord.inFlight(text, new byte[] {7}, text, 1000, text, null, text);
            assertArrayEquals(reference(claim), RecordCodec.encode(claim), text);
            IntentRecord r = claim.done(text, false, 1100);
            IntentRecord back = RecordCodec.decode(RecordCodec.encode(r));
            assertEquals(new String(expected, StandardCharsets.UTF_8), back.tool(), text);
            assertEquals(new String(expected, StandardCharsets.UTF_8), back.result(), text);
            assertArrayEquals(reference(r), RecordCodec.encode(r), text);
        }
    }

    @Test
    void aNewClaimWithItsCallerIsTheRecordWithCallerAddedAfter() {
        IntentRecord once = IntentRecord.inFlight("refund", new byte[] {1, 2}, "[1]", 1000, "a", "b", "c");
        IntentRecord twice = IntentRecord.inFlight("refund", new byte[] {1, 2}, "[1]", 1000).withCaller("a", "b", "c");
        assertArrayEquals(RecordCodec.encode(twice), RecordCodec.encode(once));
        assertTrue(once.sameAs(twice));
    }

    @Test
    void everyOptionalPartIsLaidOutAsTheFormatSays() {
        IntentRecord plain = IntentRecord.inFlight("refund", new byte[] {9}, null, 1000).done("{}", false, 1100);
        IntentRecord asked = IntentRecord.inFlight("refund", new byte[] {9}, "[1]", 1000).pendingUnknown("E", 2000).asked(2500);
        IntentRecord keyed = IntentRecord.inFlight("refund", new byte[] {9}, "[1]", 1000, "a", null, null)
                .withKeyArgs("{\"orderId\":\"8812\"}");
        for (IntentRecord r : new IntentRecord[] {plain, asked, keyed, keyed.done("1", true, 3000),
            asked.requiresReconciliation().asEscalated()}) {
            assertArrayEquals(reference(r), RecordCodec.encode(r), r.toString());
            assertArrayEquals(RecordCodec.encode(r), RecordCodec.encode(RecordCodec.decode(RecordCodec.encode(r))));
        }
    }

    /** The version-1 layout of the class comment, written the plain way: a ByteBuffer and String.getBytes per field. */
    private static byte[] reference(IntentRecord r) {
        ByteBuffer b = ByteBuffer.allocate(4096);
        b.put((byte) 1).put((byte) r.status().code()).put((byte) ((r.resultTruncated() ? 1 : 0) | (r.escalated() ? 2 : 0)));
        b.putLong(r.createdAt()).putLong(r.updatedAt()).putInt(r.attempts()).putLong(r.ownerPid()).putLong(r.ownerStart());
        put(b, r.ownerThread());
        byte[] fingerprint = r.fingerprint();
        b.putInt(fingerprint.length).put(fingerprint);
        for (String s : new String[] {r.tool(), r.result(), r.error(), r.checkArgs()}) {
            put(b, s);
        }
        boolean asked = r.lastAskedAt() != 0 || r.keyArgs() != null;
        boolean withInstance = r.ownerInstance() != null || asked;
        if (r.callerToolCall() != null || r.callerConversation() != null || r.callerTurn() != null || withInstance) {
            put(b, r.callerToolCall());
            put(b, r.callerConversation());
            put(b, r.callerTurn());
        }
        if (withInstance) {
            put(b, r.ownerInstance());
        }
        if (asked) {
            b.putLong(r.lastAskedAt());
        }
        if (r.keyArgs() != null) {
            put(b, r.keyArgs());
        }
        byte[] out = new byte[b.position()];
        b.flip().get(out);
        return out;
    }

    private static void put(ByteBuffer b, String s) {
        if (s == null) {
            b.putInt(-1);
        } else {
            byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
            b.putInt(bytes.length).put(bytes);
        }
    }
}
