package dev.intentguard.agent.json;

import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * One text per value, whatever its Java shape: numbers without trailing zeros (49.0, 49.00 and 49 are one
 * intent), object fields and map keys sorted, set elements sorted, records and POJOs through Jackson.
 * Plain values (strings, numbers, booleans, enums) never touch Jackson: they are the common case on the
 * hot path.
 */
public final class CanonicalJson {
    private CanonicalJson() {
    }

    public static String of(Object value) {
        if (value instanceof String) {
            // The common key value: one array for the whole text when nothing in it needs escaping.
            String s = (String) value;
            if (firstToEscape(s) == s.length()) {
                return '"' + s + '"';
            }
        } else if (value instanceof Long || value instanceof Integer) {
            return value.toString();
        }
        StringBuilder out = new StringBuilder(32);
        write(value, out);
        return out.toString();
    }

    public static void write(Object value, StringBuilder out) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof CharSequence || value instanceof Character) {
            string(value.toString(), out);
        } else if (value instanceof Boolean) {
            out.append(value);
        } else if (value instanceof Integer || value instanceof Long || value instanceof Short
                || value instanceof Byte || value instanceof BigInteger) {
            out.append(value);
        } else if (value instanceof BigDecimal) {
            number((BigDecimal) value, out);
        } else if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            if (Double.isFinite(d)) {
                number(new BigDecimal(value.toString()), out);
            } else {
                string(value.toString(), out);
            }
        } else if (value instanceof Enum) {
            string(((Enum<?>) value).name(), out);
        } else if (value instanceof Optional) {
            write(((Optional<?>) value).orElse(null), out);
        } else if (value instanceof JsonNode) {
            node((JsonNode) value, out);
        } else if (value instanceof Map) {
            Map<String, Object> sorted = new TreeMap<>();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
                sorted.put(String.valueOf(e.getKey()), e.getValue());
            }
            out.append('{');
            boolean first = true;
            for (Map.Entry<String, Object> e : sorted.entrySet()) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                string(e.getKey(), out);
                out.append(':');
                write(e.getValue(), out);
            }
            out.append('}');
        } else if (value instanceof Set) {
            List<String> items = new ArrayList<>();
            for (Object item : (Set<?>) value) {
                items.add(of(item));
            }
            items.sort(null);
            out.append('[').append(String.join(",", items)).append(']');
        } else if (value instanceof Collection) {
            array(((Collection<?>) value).iterator(), out);
        } else if (value instanceof Object[]) {
            array(List.of((Object[]) value).iterator(), out);
        } else if (value instanceof byte[]) {
            string(Base64.getEncoder().encodeToString((byte[]) value), out);
        } else {
            node(AgentJson.mapper().valueToTree(value), out);
        }
    }

    private static void array(Iterator<?> items, StringBuilder out) {
        out.append('[');
        boolean first = true;
        while (items.hasNext()) {
            if (!first) {
                out.append(',');
            }
            first = false;
            write(items.next(), out);
        }
        out.append(']');
    }

    private static void node(JsonNode node, StringBuilder out) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            out.append("null");
        } else if (node.isTextual()) {
            string(node.textValue(), out);
        } else if (node.isNumber()) {
            if (node.isIntegralNumber() && !node.isBigInteger()) {
                out.append(node.longValue());
            } else if (node.isDouble() || node.isFloat()) {
                write(node.doubleValue(), out);
            } else {
                number(node.decimalValue(), out);
            }
        } else if (node.isBoolean()) {
            out.append(node.booleanValue());
        } else if (node.isArray()) {
            array(node.elements(), out);
        } else if (node.isObject()) {
            TreeMap<String, JsonNode> sorted = new TreeMap<>();
            node.fields().forEachRemaining(e -> sorted.put(e.getKey(), e.getValue()));
            write(sorted, out);
        } else if (node.isBinary()) {
            string(node.asText(), out);
        } else if (node.isPojo()) {
            write(((com.fasterxml.jackson.databind.node.POJONode) node).getPojo(), out);
        } else {
            string(node.asText(), out);
        }
    }

    private static void number(BigDecimal value, StringBuilder out) {
        BigDecimal stripped = value.signum() == 0 ? BigDecimal.ZERO : value.stripTrailingZeros();
        out.append(stripped.toPlainString());
    }

    public static void string(String s, StringBuilder out) {
        out.append('"');
        int plain = firstToEscape(s);
        out.append(s, 0, plain);                    // the plain head at once, not char by char
        for (int i = plain; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"':
                    out.append("\\\"");
                    break;
                case '\\':
                    out.append("\\\\");
                    break;
                case '\n':
                    out.append("\\n");
                    break;
                case '\r':
                    out.append("\\r");
                    break;
                case '\t':
                    out.append("\\t");
                    break;
                default:
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
            }
        }
        out.append('"');
    }

    /** The index of the first char {@link #string} escapes, or the length if there is none. */
    private static int firstToEscape(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == '"' || c == '\\') {
                return i;
            }
        }
        return s.length();
    }
}
