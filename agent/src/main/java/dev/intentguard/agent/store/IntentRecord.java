package dev.intentguard.agent.store;

import java.util.Arrays;

/**
 * One intent as stored: tool, status, payload fingerprint, times, attempts, the in-flight owner, the first
 * result (JSON, bounded) and the error class. Immutable; each transition makes a new record, and the
 * store swaps records with compare-and-set on their encoded bytes.
 */
public final class IntentRecord {
    private final String tool;
    private final IntentStatus status;
    private final byte[] fingerprint;
    private final long createdAt;
    private final long updatedAt;
    private final int attempts;
    private final long ownerPid;
    private final long ownerStart;
    private final String ownerThread;
    private final String result;
    private final boolean resultTruncated;
    private final String error;
    private final String checkArgs;
    private final String callerToolCall;
    private final String callerConversation;
    private final String callerTurn;
    /** The JVM that owns an in-flight record ({@link ProcessOwner#instance()}), across hosts; {@code null} otherwise. */
    private final String ownerInstance;
    /**
     * What a shared store said about the in-flight owner's lease when it read the record ({@code null}: a store of this
     * host, where the process table decides). Not part of the stored bytes.
     */
    private final Boolean leaseHeld;
    /**
     * When a repeat last asked the provider again about this intent while its outcome was unknown (its check, or a
     * resend with the same key), 0 for never: such asking happens at most once per {@code reconcile.check-interval},
     * across every JVM on the store.
     */
    private final long lastAskedAt;
    /** The intent was escalated to a person (once: a budget spent, requires_reconciliation). */
    private final boolean escalated;
    /**
     * The key's values by argument name (a JSON object), kept only for a tool with an {@code escalate:} method, which is
     * called with them; {@code null} otherwise.
     */
    private final String keyArgs;
    private byte[] encoded;

    IntentRecord(String tool, IntentStatus status, byte[] fingerprint, long createdAt, long updatedAt, int attempts,
                 long ownerPid, long ownerStart, String ownerThread, String result, boolean resultTruncated, String error,
                 String checkArgs) {
        this(tool, status, fingerprint, createdAt, updatedAt, attempts, ownerPid, ownerStart, ownerThread, result,
                resultTruncated, error, checkArgs, null, null, null);
    }

    IntentRecord(String tool, IntentStatus status, byte[] fingerprint, long createdAt, long updatedAt, int attempts,
                 long ownerPid, long ownerStart, String ownerThread, String result, boolean resultTruncated, String error,
                 String checkArgs, String callerToolCall, String callerConversation, String callerTurn) {
        this(tool, status, fingerprint, createdAt, updatedAt, attempts, ownerPid, ownerStart, ownerThread, result,
                resultTruncated, error, checkArgs, callerToolCall, callerConversation, callerTurn, null, null);
    }

    IntentRecord(String tool, IntentStatus status, byte[] fingerprint, long createdAt, long updatedAt, int attempts,
                 long ownerPid, long ownerStart, String ownerThread, String result, boolean resultTruncated, String error,
                 String checkArgs, String callerToolCall, String callerConversation, String callerTurn,
                 String ownerInstance, Boolean leaseHeld) {
        this(tool, status, fingerprint, createdAt, updatedAt, attempts, ownerPid, ownerStart, ownerThread, result,
                resultTruncated, error, checkArgs, callerToolCall, callerConversation, callerTurn, ownerInstance, leaseHeld,
                0, false, null);
    }

    IntentRecord(String tool, IntentStatus status, byte[] fingerprint, long createdAt, long updatedAt, int attempts,
                 long ownerPid, long ownerStart, String ownerThread, String result, boolean resultTruncated, String error,
                 String checkArgs, String callerToolCall, String callerConversation, String callerTurn,
                 String ownerInstance, Boolean leaseHeld, long lastAskedAt, boolean escalated, String keyArgs) {
        this.lastAskedAt = lastAskedAt;
        this.escalated = escalated;
        this.keyArgs = keyArgs;
        this.ownerInstance = ownerInstance;
        this.leaseHeld = leaseHeld;
        this.tool = tool;
        this.status = status;
        this.fingerprint = fingerprint;
        this.createdAt = createdAt;
        this.updatedAt = updatedAt;
        this.attempts = attempts;
        this.ownerPid = ownerPid;
        this.ownerStart = ownerStart;
        this.ownerThread = ownerThread;
        this.result = result;
        this.resultTruncated = resultTruncated;
        this.error = error;
        this.checkArgs = checkArgs;
        this.callerToolCall = callerToolCall;
        this.callerConversation = callerConversation;
        this.callerTurn = callerTurn;
    }

    /**
     * The write-ahead record of a first attempt, owned by this JVM and the current thread. {@code checkArgs} are the
     * arguments of the tool's outcome check (JSON array), kept so that the check can run again later; {@code null}
     * when the tool has no check.
     */
    public static IntentRecord inFlight(String tool, byte[] fingerprint, String checkArgs, long now) {
        return inFlight(tool, fingerprint, checkArgs, now, null, null, null);
    }

    /** {@link #inFlight(String, byte[], String, long)} with who called it, as {@link #withCaller} adds it. */
    public static IntentRecord inFlight(String tool, byte[] fingerprint, String checkArgs, long now, String toolCallHash,
                                        String conversationHash, String turnHash) {
        ProcessOwner me = ProcessOwner.self();
        return new IntentRecord(tool, IntentStatus.IN_FLIGHT, fingerprint, now, now, 1, me.pid(), me.startMillis(),
                Thread.currentThread().getName(), null, false, null, checkArgs, toolCallHash, conversationHash, turnHash,
                me.instance(), null);
    }

    /** A new attempt after a definite failure; {@code fingerprint} is the new call's. */
    public IntentRecord retried(byte[] newFingerprint, String newCheckArgs, long now) {
        ProcessOwner me = ProcessOwner.self();
        return new IntentRecord(tool, IntentStatus.IN_FLIGHT, newFingerprint, createdAt, now, attempts + 1, me.pid(),
                me.startMillis(), Thread.currentThread().getName(), null, false, null, newCheckArgs, null, null, null,
                me.instance(), null, lastAskedAt, escalated, keyArgs);
    }

    /**
     * The same claim, for the next attempt of its call: the agent's own retry after a failure before processing (the
     * claim stays this call's, the attempt count grows).
     */
    public IntentRecord nextAttempt(long now) {
        return new IntentRecord(tool, status, fingerprint, createdAt, now, attempts + 1, ownerPid, ownerStart, ownerThread,
                result, resultTruncated, error, checkArgs, callerToolCall, callerConversation, callerTurn, ownerInstance, null,
                lastAskedAt, escalated, keyArgs);
    }

    /**
     * An unknown intent sent once more with the same key ({@code unknown: resend-same-key}): claimed IN_FLIGHT by this
     * JVM and thread for that attempt, and asked at {@code now}.
     */
    public IntentRecord resent(long now) {
        ProcessOwner me = ProcessOwner.self();
        return new IntentRecord(tool, IntentStatus.IN_FLIGHT, fingerprint, createdAt, now, attempts + 1, me.pid(),
                me.startMillis(), Thread.currentThread().getName(), null, false, null, checkArgs, callerToolCall,
                callerConversation, callerTurn, me.instance(), null, now, escalated, keyArgs);
    }

    /** The same record, asked about again at {@code now} (its check ran on a repeat). */
    public IntentRecord asked(long now) {
        return new IntentRecord(tool, status, fingerprint, createdAt, updatedAt, attempts, ownerPid, ownerStart, ownerThread,
                result, resultTruncated, error, checkArgs, callerToolCall, callerConversation, callerTurn, ownerInstance, null,
                now, escalated, keyArgs);
    }

    /** The same record, escalated to a person (it is escalated once). */
    public IntentRecord asEscalated() {
        return new IntentRecord(tool, status, fingerprint, createdAt, updatedAt, attempts, ownerPid, ownerStart, ownerThread,
                result, resultTruncated, error, checkArgs, callerToolCall, callerConversation, callerTurn, ownerInstance, null,
                lastAskedAt, true, keyArgs);
    }

    public IntentRecord done(String resultJson, boolean truncated, long now) {
        return new IntentRecord(tool, IntentStatus.DONE, fingerprint, createdAt, now, attempts, 0, 0, null, resultJson,
                truncated, null, checkArgs, callerToolCall, callerConversation, callerTurn, null, null, lastAskedAt, escalated,
                keyArgs);
    }

    public IntentRecord failed(String errorClass, long now) {
        return new IntentRecord(tool, IntentStatus.FAILED, fingerprint, createdAt, now, attempts, 0, 0, null, null,
                false, errorClass, checkArgs, callerToolCall, callerConversation, callerTurn, null, null, lastAskedAt, escalated,
                keyArgs);
    }

    public IntentRecord pendingUnknown(String errorClass, long now) {
        return new IntentRecord(tool, IntentStatus.PENDING_UNKNOWN, fingerprint, createdAt, now, attempts, 0, 0, null,
                null, false, errorClass, checkArgs, callerToolCall, callerConversation, callerTurn, null, null, lastAskedAt,
                escalated, keyArgs);
    }

    /** Still unknown after the escalation delay; keeps the time it became unknown. */
    public IntentRecord requiresReconciliation() {
        return new IntentRecord(tool, IntentStatus.REQUIRES_RECONCILIATION, fingerprint, createdAt, updatedAt, attempts,
                0, 0, null, null, false, error, checkArgs, callerToolCall, callerConversation, callerTurn, null, null,
                lastAskedAt, escalated, keyArgs);
    }

    /**
     * The same record with who called the attempt that claimed it: hashes of the tool-call id, the conversation and
     * the turn an agent framework (or the host) gave the call, each {@code null} when unknown. The audit compares
     * them with a later repeat's to tell which layer repeated the intent (model, user), also across processes.
     */
    public IntentRecord withCaller(String toolCallHash, String conversationHash, String turnHash) {
        return new IntentRecord(tool, status, fingerprint, createdAt, updatedAt, attempts, ownerPid, ownerStart,
                ownerThread, result, resultTruncated, error, checkArgs, toolCallHash, conversationHash, turnHash,
                ownerInstance, leaseHeld, lastAskedAt, escalated, keyArgs);
    }

    /** The same stored bytes, read by a shared store that also read the owner's lease ({@code held}). */
    public IntentRecord withLease(boolean held) {
        IntentRecord r = new IntentRecord(tool, status, fingerprint, createdAt, updatedAt, attempts, ownerPid, ownerStart,
                ownerThread, result, resultTruncated, error, checkArgs, callerToolCall, callerConversation, callerTurn,
                ownerInstance, held, lastAskedAt, escalated, keyArgs);
        r.encoded = encoded;
        return r;
    }

    /**
     * Whether {@code unknown} is what became of this claim when its owner was taken for dead (its lease ran out, its
     * process ended) while it ran: a late owner may still record the truth it learnt over it.
     */
    public boolean sameClaimAs(IntentRecord unknown) {
        return unknown != null && unknown.createdAt == createdAt && unknown.attempts == attempts
                && Arrays.equals(unknown.fingerprint, fingerprint);
    }

    /** The same record, keeping the key's values by argument name (a JSON object) for the tool's escalate method. */
    public IntentRecord withKeyArgs(String keyArgsJson) {
        return new IntentRecord(tool, status, fingerprint, createdAt, updatedAt, attempts, ownerPid, ownerStart, ownerThread,
                result, resultTruncated, error, checkArgs, callerToolCall, callerConversation, callerTurn, ownerInstance,
                leaseHeld, lastAskedAt, escalated, keyArgsJson);
    }

    /** The key's values by argument name, kept for a tool with an escalate method, or {@code null}. */
    public String keyArgs() {
        return keyArgs;
    }

    /** When a repeat last asked the provider about this unknown intent, 0 for never. */
    public long lastAskedAt() {
        return lastAskedAt;
    }

    /** Whether the intent was escalated to a person already. */
    public boolean escalated() {
        return escalated;
    }

    /** The JVM that owns this in-flight record, or {@code null}. */
    public String ownerInstance() {
        return ownerInstance;
    }

    public String tool() {
        return tool;
    }

    public IntentStatus status() {
        return status;
    }

    public byte[] fingerprint() {
        return fingerprint.clone();
    }

    /** The fingerprint itself, not a copy, for the codec: do not modify. */
    byte[] fingerprintBytes() {
        return fingerprint;
    }

    public boolean sameFingerprint(byte[] other) {
        return Arrays.equals(fingerprint, other);
    }

    /** Epoch milliseconds. */
    public long createdAt() {
        return createdAt;
    }

    /** Epoch milliseconds of the last transition. */
    public long updatedAt() {
        return updatedAt;
    }

    public int attempts() {
        return attempts;
    }

    public long ownerPid() {
        return ownerPid;
    }

    public long ownerStart() {
        return ownerStart;
    }

    public String ownerThread() {
        return ownerThread;
    }

    /** {@code true} while in flight and written by this JVM. */
    public boolean ownedBySelf() {
        if (status != IntentStatus.IN_FLIGHT) {
            return false;
        }
        return ownerInstance != null ? ownerInstance.equals(ProcessOwner.self().instance())
                : ProcessOwner.self().isSelf(ownerPid, ownerStart);
    }

    /**
     * {@code true} while in flight and the owner still runs it: on a shared store, while its lease is held (the owner
     * renews it; the store's clock decides); on this host's store, while the owning process runs.
     */
    public boolean ownerAlive() {
        if (status != IntentStatus.IN_FLIGHT) {
            return false;
        }
        return leaseHeld != null ? leaseHeld : ProcessOwner.isAlive(ownerPid, ownerStart);
    }

    /** The first result as JSON, or {@code null} when none was kept. */
    public String result() {
        return result;
    }

    /** {@code true} if the first result was larger than {@code store.max-result-bytes} and only a preview is kept. */
    public boolean resultTruncated() {
        return resultTruncated;
    }

    /** Class name of the exception that ended the last attempt (or why it is unknown), or {@code null}. */
    public String error() {
        return error;
    }

    /** The outcome check's arguments as a JSON array, or {@code null}. */
    public String checkArgs() {
        return checkArgs;
    }

    /** Hash of the tool-call id of the attempt that claimed the intent, or {@code null}. */
    public String callerToolCall() {
        return callerToolCall;
    }

    /** Hash of the conversation of the attempt that claimed the intent, or {@code null}. */
    public String callerConversation() {
        return callerConversation;
    }

    /** Hash of the turn of the attempt that claimed the intent, or {@code null}. */
    public String callerTurn() {
        return callerTurn;
    }

    /** {@code true} while nobody knows whether the call took effect. */
    public boolean unknown() {
        return status == IntentStatus.PENDING_UNKNOWN || status == IntentStatus.REQUIRES_RECONCILIATION;
    }

    /** {@code true} if {@code other} is exactly this record (same bytes in the store). */
    public boolean sameAs(IntentRecord other) {
        return other != null && Arrays.equals(encoded(), other.encoded());
    }

    byte[] encoded() {
        byte[] e = encoded;
        if (e == null) {
            e = RecordCodec.encode(this);
            encoded = e;
        }
        return e;
    }

    static IntentRecord decoded(byte[] bytes) {
        IntentRecord r = RecordCodec.decode(bytes);
        r.encoded = bytes;
        return r;
    }

    /** The stored bytes (do not modify): what a shared store keeps and compares. */
    public byte[] bytes() {
        return encoded();
    }

    /** The record a shared store kept as {@code bytes}. */
    public static IntentRecord fromBytes(byte[] bytes) {
        return decoded(bytes);
    }

    @Override
    public String toString() {
        return tool + " " + status.displayName() + " attempts=" + attempts;
    }
}
