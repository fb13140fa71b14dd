package dev.intentguard.agent.key;

import dev.intentguard.agent.json.CanonicalJson;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IntentKeyTest {
    record RefundRequest(String orderId, BigDecimal amount, String reason) {
    }

    public static final class Pojo {
        public String b = "2";
        public String a = "1";
    }

    private static KeyRecipe.Keyed refund(Object orderId, Object amount, String reason) {
        KeyRecipe recipe = new KeyRecipe(
                List.of(new ArgumentRef(0, new String[0], "orderId"), new ArgumentRef(1, new String[0], "amount")), 3,
                List.of(new ArgumentRef(2, new String[0], "reason")));
        return recipe.apply("refund_order", new Object[] {orderId, amount, reason});
    }

    @Test
    void theKeyIsStableAcrossVersions() {
        // Golden value: if this changes, every stored intent and every key sent to a provider changes with it.
        assertEquals("ig1:refund_order:kWwlhSj6_SPyAWuSrtGiPvZkzQ9Z8Iet_AnI973wYgw",
                refund("8812", new BigDecimal("49.00"), "x").key().value());
        assertEquals("[\"8812\",49]", "[" + CanonicalJson.of("8812") + "," + CanonicalJson.of(new BigDecimal("49.00")) + "]");
    }

    @Test
    void theFingerprintAndAnEscapedKeyAreStableAcrossVersions() {
        // Golden values: a stored intent's fingerprint must match its repeat's after an upgrade, or the repeat is
        // rejected as the same intent with other details.
        assertEquals("qtvWgdo7j29CfNsCTO48USBhXCZVAziFwaCVY2f3CK8=", java.util.Base64.getEncoder().encodeToString(
                refund("8812", new BigDecimal("49.00"), "x").fingerprint()));
        KeyRecipe.Keyed escaped = refund("88\"1\u00e9\u4e2d\n2", 49L, "x");
        assertEquals("ig1:refund_order:CGYhmcaCXl1PuN-xVbNFvI3ifkNP9iw3XEKGYSTGWwM", escaped.key().value());
        assertEquals("tKN6IPyEywtL8tT9mds0IhxPM4Gr0m9Ax5s9Rg9ty0Q=",
                java.util.Base64.getEncoder().encodeToString(escaped.fingerprint()));
        assertEquals("[\"88\\\"1\u00e9\u4e2d\\n2\",49]", escaped.keyJson());
    }

    @Test
    void theKeyEncodesItsHashAsUnpaddedBase64url() {
        java.util.Random random = new java.util.Random(42);
        for (int i = 0; i < 500; i++) {
            String json = "[\"" + Long.toHexString(random.nextLong()) + "\"," + i + "]";
            assertEquals("ig1:t_" + i + ":" + java.util.Base64.getUrlEncoder().withoutPadding()
                    .encodeToString(IntentKey.sha256(json)), IntentKey.of("t_" + i, json).value());
        }
    }

    @Test
    void stringsAreWrittenAsTheCharByCharEscapingWrote() {
        java.util.Random random = new java.util.Random(7);
        char[] alphabet = {'a', 'Z', '0', ' ', '"', '\\', '\n', '\r', '\t', '\u0000', '\u001f', '\u007f', '\u00e9', '\u4e2d',
                '\ud83d', '\ude00', '/'};
        for (int i = 0; i < 2_000; i++) {
            StringBuilder s = new StringBuilder();
            for (int n = random.nextInt(12); n > 0; n--) {
                s.append(alphabet[random.nextInt(random.nextBoolean() ? 4 : alphabet.length)]);
            }
            String text = s.toString();
            assertEquals(charByChar(text), CanonicalJson.of(text), text);
            StringBuilder out = new StringBuilder("x");
            CanonicalJson.string(text, out);
            assertEquals("x" + charByChar(text), out.toString(), text);
        }
        assertEquals("123", CanonicalJson.of(123L));
        assertEquals("-7", CanonicalJson.of(-7));
    }

    /** The escaping as CanonicalJson wrote it before its fast paths: one char at a time. */
    private static String charByChar(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"': out.append("\\\""); break;
                case '\\': out.append("\\\\"); break;
                case '\n': out.append("\\n"); break;
                case '\r': out.append("\\r"); break;
                case '\t': out.append("\\t"); break;
                default: out.append(c < 0x20 ? String.format("\\u%04x", (int) c) : String.valueOf(c));
            }
        }
        return out.append('"').toString();
    }

    @Test
    void numbersWithoutTrailingZerosAreOneIntent() {
        String k = refund("8812", new BigDecimal("49.00"), "a").key().value();
        assertEquals(k, refund("8812", new BigDecimal("49.0"), "b").key().value());
        assertEquals(k, refund("8812", new BigDecimal("49"), "c").key().value());
        assertEquals(k, refund("8812", 49.0d, "d").key().value());
        assertEquals(k, refund("8812", 49, "e").key().value());
        assertNotEquals(k, refund("8812", new BigDecimal("49.01"), "f").key().value());
        assertEquals("0", CanonicalJson.of(new BigDecimal("0.000")));
        assertEquals("1000", CanonicalJson.of(new BigDecimal("1E+3")));
        assertEquals("0.1", CanonicalJson.of(0.1d));
    }

    @Test
    void excludedFreeTextChangesNeitherKeyNorFingerprint() {
        KeyRecipe.Keyed a = refund("8812", new BigDecimal("49.00"), "customer is upset");
        KeyRecipe.Keyed b = refund("8812", new BigDecimal("49.0"), "Customer requested refund (reworded)");
        assertEquals(a.key(), b.key());
        assertArrayEquals(a.fingerprint(), b.fingerprint());
    }

    @Test
    void aNonKeyArgumentChangesTheFingerprintOnly() {
        KeyRecipe recipe = new KeyRecipe(List.of(new ArgumentRef(0, new String[0], "orderId")), 2, List.of());
        KeyRecipe.Keyed eur = recipe.apply("refund", new Object[] {"8812", "EUR"});
        KeyRecipe.Keyed usd = recipe.apply("refund", new Object[] {"8812", "USD"});
        assertEquals(eur.key(), usd.key());
        assertFalse(java.util.Arrays.equals(eur.fingerprint(), usd.fingerprint()));
    }

    @Test
    void theToolNameIsPartOfTheKeyButNoClassOrMethodName() {
        KeyRecipe recipe = new KeyRecipe(List.of(new ArgumentRef(0, new String[0], "0")), 1, List.of());
        assertNotEquals(recipe.apply("refund_order", new Object[] {"1"}).key(), recipe.apply("charge", new Object[] {"1"}).key());
        assertTrue(recipe.apply("refund_order", new Object[] {"1"}).key().value().startsWith("ig1:refund_order:"));
    }

    @Test
    void mapsObjectsAndSetsAreCanonical() {
        Map<String, Object> m1 = new LinkedHashMap<>();
        m1.put("b", 2);
        m1.put("a", List.of(1, 2));
        Map<String, Object> m2 = new TreeMap<>(m1);
        assertEquals(CanonicalJson.of(m1), CanonicalJson.of(m2));
        assertEquals("{\"a\":[1,2],\"b\":2}", CanonicalJson.of(m1));
        assertEquals("{\"a\":\"1\",\"b\":\"2\"}", CanonicalJson.of(new Pojo()));
        assertEquals("{\"amount\":49,\"orderId\":\"8812\",\"reason\":\"r\"}",
                CanonicalJson.of(new RefundRequest("8812", new BigDecimal("49.00"), "r")));
        Set<String> s1 = new LinkedHashSet<>(List.of("y", "x"));
        Set<String> s2 = new LinkedHashSet<>(List.of("x", "y"));
        assertEquals(CanonicalJson.of(s1), CanonicalJson.of(s2));
        assertEquals("\"2026-11-29\"", CanonicalJson.of(LocalDate.of(2026, 11, 29)));
        assertEquals("\"a\\\"b\\n\"", CanonicalJson.of("a\"b\n"));
        assertEquals(CanonicalJson.of("x"), CanonicalJson.of(Optional.of("x")));
    }

    @Test
    void pathsReachIntoArguments() {
        KeyRecipe recipe = new KeyRecipe(List.of(new ArgumentRef(0, new String[] {"orderId"}, "request.orderId"),
                new ArgumentRef(0, new String[] {"amount"}, "request.amount")), 1,
                List.of(new ArgumentRef(0, new String[] {"reason"}, "request.reason")));
        KeyRecipe.Keyed a = recipe.apply("refund", new Object[] {new RefundRequest("8812", new BigDecimal("49.00"), "one")});
        KeyRecipe.Keyed b = recipe.apply("refund", new Object[] {new RefundRequest("8812", new BigDecimal("49.0"), "two")});
        assertEquals(refund("8812", new BigDecimal("49"), "z").key().value().replace("refund_order", "refund"), a.key().value());
        assertEquals(a.key(), b.key());
        assertArrayEquals(a.fingerprint(), b.fingerprint(), "the excluded field is left out of the fingerprint");
        Map<String, Object> asMap = Map.of("orderId", "8812", "amount", new BigDecimal("49"), "reason", "three");
        assertEquals(a.key(), recipe.apply("refund", new Object[] {asMap}).key());
    }
}
