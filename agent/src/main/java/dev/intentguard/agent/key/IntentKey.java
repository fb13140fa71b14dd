package dev.intentguard.agent.key;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * One business intent: {@code ig1:<tool>:<base64url SHA-256 of the canonical JSON of the key values>}.
 * It depends on the tool's configured name and the key values only, never on class or method names, a
 * tool-call id, a request id or a time, so it is the same across attempts, JVMs, restarts and refactors.
 */
public final class IntentKey {
    public static final String VERSION_PREFIX = "ig1:";
    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();
    private static final ThreadLocal<MessageDigest> SHA256 = ThreadLocal.withInitial(IntentKey::newDigest);

    private final String tool;
    private final String value;

    private IntentKey(String tool, String value) {
        this.tool = tool;
        this.value = value;
    }

    /** The key of {@code tool} for the canonical JSON of its key values. */
    public static IntentKey of(String tool, String canonicalKeyJson) {
        return new IntentKey(tool, VERSION_PREFIX + tool + ':' + BASE64URL.encodeToString(sha256(canonicalKeyJson)));
    }

    public static byte[] sha256(String text) {
        MessageDigest digest = SHA256.get();
        digest.reset();
        return digest.digest(text.getBytes(StandardCharsets.UTF_8));
    }

    private static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }

    public String tool() {
        return tool;
    }

    /** The key as sent in {@code Idempotency-Key} and stored in the intent map. */
    public String value() {
        return value;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IntentKey && ((IntentKey) o).value.equals(value);
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }

    @Override
    public String toString() {
        return value;
    }
}
