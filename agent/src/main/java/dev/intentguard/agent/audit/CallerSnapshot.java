package dev.intentguard.agent.audit;

import dev.intentguard.agent.store.IntentRecord;
import dev.intentguard.bridge.CallerContext;

import java.nio.charset.StandardCharsets;

/**
 * Who made one call, as far as anybody told the agent: the tool-call id, conversation and turn an agent framework (or
 * the host) put in {@link CallerContext}, as 64-bit hashes (the values themselves are never kept, logged or written),
 * and the framework's name. All {@code null} when nothing was said.
 */
public final class CallerSnapshot {
    static final CallerSnapshot NONE = new CallerSnapshot(null, null, null, null);

    final String toolCall;
    final String conversation;
    final String turn;
    final String framework;

    CallerSnapshot(String toolCall, String conversation, String turn, String framework) {
        this.toolCall = toolCall;
        this.conversation = conversation;
        this.turn = turn;
        this.framework = framework;
    }

    /** The current thread's caller (one ThreadLocal read when nobody set a context). */
    static CallerSnapshot current() {
        CallerContext c = CallerContext.current();
        if (c == null) {
            return NONE;
        }
        return new CallerSnapshot(hash(c.toolCallId()), hash(c.conversationId()), hash(c.turnId()), name(c.framework()));
    }

    /** The caller an intent record kept for the attempt that claimed it. */
    static CallerSnapshot of(IntentRecord record) {
        if (record.callerToolCall() == null && record.callerConversation() == null && record.callerTurn() == null) {
            return NONE;
        }
        return new CallerSnapshot(record.callerToolCall(), record.callerConversation(), record.callerTurn(), null);
    }

    public String toolCallHash() {
        return toolCall;
    }

    public String conversationHash() {
        return conversation;
    }

    public String turnHash() {
        return turn;
    }

    /** The framework that set the context (e.g. {@code langchain4j}), or {@code null}. */
    public String framework() {
        return framework;
    }

    /**
     * How a conversation id (or a tool-call or turn id) is kept in records and the journal: {@code intents
     * --conversation ID} finds a conversation's intents by it.
     */
    public static String hashOf(String id) {
        return hash(id);
    }

    /**
     * A 64-bit hash of {@code value} in hex (FNV-1a over the UTF-8 bytes, then a finalizer that spreads the bits):
     * enough to tell two ids apart, and no way to read the id back from a journal or a store file.
     */
    static String hash(String value) {
        if (value == null) {
            return null;
        }
        long h = 0xcbf29ce484222325L;
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        String hex = Long.toHexString(h);
        return hex.length() == 16 ? hex : "0000000000000000".substring(hex.length()) + hex;
    }

    /** A framework name is a library's name, not user data; kept short and plain. */
    private static String name(String framework) {
        if (framework == null) {
            return null;
        }
        String s = framework.length() > 40 ? framework.substring(0, 40) : framework;
        return s.replaceAll("[^A-Za-z0-9_.\\-]", "_");
    }
}
