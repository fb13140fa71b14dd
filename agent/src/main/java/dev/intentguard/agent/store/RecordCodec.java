package dev.intentguard.agent.store;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The bytes of an {@link IntentRecord} in the store. Version 1 layout, big-endian:
 * <pre>
 * u8 version | u8 status | u8 flags (bit 0: result truncated, bit 1: escalated) | i64 created | i64 updated
 * | i32 attempts | i64 owner pid | i64 owner start | str owner thread | bytes fingerprint | str tool | str result
 * | str error [| str check arguments] [| str caller tool call | str caller conversation | str caller turn]
 * [| str owner instance] [| i64 last asked] [| str key arguments]
 * </pre>
 * where {@code str} and {@code bytes} are an i32 length (-1 for null) and the UTF-8 or raw bytes. Nothing
 * in it names a Java class of the agent, so the format survives any repackaging. Optional fields are appended at the
 * end and read only when present, so records written by an earlier agent of version 1 still read (the missing fields
 * are {@code null}); the caller fields are hashes, never the values an agent framework gave.
 */
final class RecordCodec {
    static final int VERSION = 1;
    /** Where the status code and the update time lie (read in place by the file store's sweep). */
    static final int STATUS = 1;
    static final int UPDATED_AT = 3 + 8;

    private RecordCodec() {
    }

    /**
     * One array of the exact size, written in place (no buffer around it): a record is encoded twice per first call
     * (claim, outcome). Each string goes through {@link String#getBytes}, whose copy of an ASCII string is one
     * vectorized pass; writing the chars one by one instead measured slower (the thread name is long under some
     * executors).
     */
    static byte[] encode(IntentRecord r) {
        byte[] thread = utf8(r.ownerThread());
        byte[] tool = utf8(r.tool());
        byte[] result = utf8(r.result());
        byte[] error = utf8(r.error());
        byte[] checkArgs = utf8(r.checkArgs());
        byte[] callerToolCall = utf8(r.callerToolCall());
        byte[] callerConversation = utf8(r.callerConversation());
        byte[] callerTurn = utf8(r.callerTurn());
        byte[] instance = utf8(r.ownerInstance());
        byte[] keyArgs = utf8(r.keyArgs());
        boolean asked = r.lastAskedAt() != 0 || keyArgs != null;
        boolean withInstance = instance != null || asked;
        boolean caller = callerToolCall != null || callerConversation != null || callerTurn != null || withInstance;
        byte[] fingerprint = r.fingerprintBytes();
        int size = 3 + 8 + 8 + 4 + 8 + 8 + 4 * 6 + len(thread) + fingerprint.length + len(tool) + len(result) + len(error)
                + len(checkArgs) + (caller ? 4 * 3 + len(callerToolCall) + len(callerConversation) + len(callerTurn) : 0)
                + (withInstance ? 4 + len(instance) : 0) + (asked ? 8 : 0) + (keyArgs != null ? 4 + keyArgs.length : 0);
        byte[] b = new byte[size];
        b[0] = (byte) VERSION;
        b[1] = (byte) r.status().code();
        b[2] = (byte) ((r.resultTruncated() ? 1 : 0) | (r.escalated() ? 2 : 0));
        int at = putLong(b, 3, r.createdAt());
        at = putLong(b, at, r.updatedAt());
        at = putInt(b, at, r.attempts());
        at = putLong(b, at, r.ownerPid());
        at = putLong(b, at, r.ownerStart());
        at = put(b, at, thread);
        at = put(b, at, fingerprint);
        at = put(b, at, tool);
        at = put(b, at, result);
        at = put(b, at, error);
        at = put(b, at, checkArgs);
        if (caller) {
            at = put(b, at, callerToolCall);
            at = put(b, at, callerConversation);
            at = put(b, at, callerTurn);
        }
        if (withInstance) {
            at = put(b, at, instance);
        }
        if (asked) {
            at = putLong(b, at, r.lastAskedAt());
        }
        if (keyArgs != null) {
            put(b, at, keyArgs);
        }
        return b;
    }

    static IntentRecord decode(byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes);
        int version = b.get() & 0xff;
        if (version != VERSION) {
            throw new IllegalStateException("intent record version " + version + " is newer than this agent reads ("
                    + VERSION + "); upgrade the agent or use another store.path");
        }
        IntentStatus status = IntentStatus.ofCode(b.get() & 0xff);
        int flags = b.get();
        boolean truncated = (flags & 1) != 0;
        boolean escalated = (flags & 2) != 0;
        long created = b.getLong();
        long updated = b.getLong();
        int attempts = b.getInt();
        long pid = b.getLong();
        long start = b.getLong();
        String thread = string(b);
        byte[] fingerprint = bytes(b);
        String tool = string(b);
        String result = string(b);
        String error = string(b);
        String checkArgs = b.hasRemaining() ? string(b) : null;
        String callerToolCall = b.hasRemaining() ? string(b) : null;
        String callerConversation = b.hasRemaining() ? string(b) : null;
        String callerTurn = b.hasRemaining() ? string(b) : null;
        String instance = b.hasRemaining() ? string(b) : null;
        long lastAsked = b.remaining() >= 8 ? b.getLong() : 0;
        String keyArgs = b.hasRemaining() ? string(b) : null;
        return new IntentRecord(tool, status, fingerprint == null ? new byte[0] : fingerprint, created, updated, attempts,
                pid, start, thread, result, truncated, error, checkArgs, callerToolCall, callerConversation, callerTurn,
                instance, null, lastAsked, escalated, keyArgs);
    }

    private static byte[] utf8(String s) {
        return s == null ? null : s.getBytes(StandardCharsets.UTF_8);
    }

    private static int len(byte[] b) {
        return b == null ? 0 : b.length;
    }

    /** {@code bytes} as an i32 length (-1 for {@code null}) and the bytes at {@code at}; the position after them. */
    private static int put(byte[] b, int at, byte[] bytes) {
        if (bytes == null) {
            return putInt(b, at, -1);
        }
        at = putInt(b, at, bytes.length);
        System.arraycopy(bytes, 0, b, at, bytes.length);
        return at + bytes.length;
    }

    private static int putInt(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
        return at + 4;
    }

    private static int putLong(byte[] b, int at, long v) {
        putInt(b, at, (int) (v >>> 32));
        return putInt(b, at + 4, (int) v);
    }

    private static byte[] bytes(ByteBuffer b) {
        int n = b.getInt();
        if (n < 0) {
            return null;
        }
        byte[] out = new byte[n];
        b.get(out);
        return out;
    }

    private static String string(ByteBuffer b) {
        byte[] bytes = bytes(b);
        return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    }
}
