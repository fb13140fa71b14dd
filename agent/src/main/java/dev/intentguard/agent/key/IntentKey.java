package dev.intentguard.agent.key;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * One business intent: {@code ig1:<tool>:<base64url SHA-256 of the canonical JSON of the key values>}.
 * It depends on the tool's configured name and the key values only, never on class or method names, a
 * tool-call id, a request id or a time, so it is the same across attempts, JVMs, restarts and refactors.
 */
public final class IntentKey {
    public static final String VERSION_PREFIX = "ig1:";
    /** RFC 4648's URL-safe alphabet, written without padding: what {@code Base64.getUrlEncoder().withoutPadding()} gives. */
    private static final char[] BASE64URL_DIGITS =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".toCharArray();
    private static final ThreadLocal<MessageDigest> SHA256 = ThreadLocal.withInitial(IntentKey::newDigest);

    private final String tool;
    private final String value;

    private IntentKey(String tool, String value) {
        this.tool = tool;
        this.value = value;
    }

    /** The key of {@code tool} for the canonical JSON of its key values. */
    public static IntentKey of(String tool, String canonicalKeyJson) {
        byte[] hash = sha256(canonicalKeyJson);
        // One builder for the whole key (the encoder's array, its string and a concatenation were three copies).
        StringBuilder key = new StringBuilder(VERSION_PREFIX.length() + tool.length() + 1 + 43)
                .append(VERSION_PREFIX).append(tool).append(':');
        for (int i = 0; i < 30; i += 3) {               // SHA-256: 32 bytes, ten groups of three...
            int bits = (hash[i] & 0xff) << 16 | (hash[i + 1] & 0xff) << 8 | (hash[i + 2] & 0xff);
            key.append(BASE64URL_DIGITS[bits >>> 18]).append(BASE64URL_DIGITS[(bits >>> 12) & 0x3f])
                    .append(BASE64URL_DIGITS[(bits >>> 6) & 0x3f]).append(BASE64URL_DIGITS[bits & 0x3f]);
        }
        int last = (hash[30] & 0xff) << 16 | (hash[31] & 0xff) << 8;   // ...and two bytes: three digits, no padding
        key.append(BASE64URL_DIGITS[last >>> 18]).append(BASE64URL_DIGITS[(last >>> 12) & 0x3f])
                .append(BASE64URL_DIGITS[(last >>> 6) & 0x3f]);
        return new IntentKey(tool, key.toString());
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
