package dev.intentguard.agent.tool.bind;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.intentguard.agent.json.AgentJson;
import dev.intentguard.agent.json.CanonicalJson;

import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;

/** A tool's first result as kept in the store: JSON, bounded by {@code store.max-result-bytes}. */
public final class ResultJson {
    private ResultJson() {
    }

    /** The stored form of a result. */
    public static final class Stored {
        public final String json;
        public final boolean truncated;

        Stored(String json, boolean truncated) {
            this.json = json;
            this.truncated = truncated;
        }
    }

    public static Stored of(Object value, int maxBytes) {
        if (value instanceof String && ((String) value).length() * 6L + 2 <= maxBytes) {
            // What most tools return: quoted without Jackson (each char is at most 6 bytes escaped, so it fits).
            StringBuilder quoted = new StringBuilder(((String) value).length() + 8);
            CanonicalJson.string((String) value, quoted);
            return new Stored(quoted.toString(), false);
        }
        String json;
        try {
            // A node of the host's Jackson (2 or 3, any version) is a stranger to the agent's own Jackson, which
            // would write it as a bean; its toString() is its JSON text.
            json = isForeignJsonNode(value) ? value.toString() : AgentJson.mapper().writeValueAsString(value);
        } catch (Exception | StackOverflowError e) {
            // A result Jackson cannot write (cycles, odd getters) is still a completed call: keep its text.
            json = null;
        }
        if (json == null) {
            return preview(String.valueOf(value), maxBytes);
        }
        if (json.length() * 3L <= maxBytes || json.getBytes(StandardCharsets.UTF_8).length <= maxBytes) {
            return new Stored(json, false);
        }
        return preview(value instanceof CharSequence ? value.toString() : json, maxBytes);
    }

    static boolean isForeignJsonNode(Object value) {
        if (value == null || value instanceof JsonNode) {
            return false;
        }
        for (Class<?> c = value.getClass(); c != null; c = c.getSuperclass()) {
            String name = c.getName();
            if (name.equals("com.fasterxml.jackson.databind.JsonNode") || name.equals("tools.jackson.databind.JsonNode")) {
                return true;
            }
        }
        return false;
    }

    private static Stored preview(String text, int maxBytes) {
        int chars = Math.max(0, Math.min(text.length(), maxBytes / 2));
        try {
            return new Stored(AgentJson.mapper().writeValueAsString(text.substring(0, chars)), true);
        } catch (Exception e) {
            return new Stored(null, true);
        }
    }

    /**
     * The first result as a JSON node for a status reply. A result that was itself JSON text (tools often
     * return JSON strings) is embedded as JSON rather than as an escaped string.
     */
    public static JsonNode node(String json) {
        if (json == null) {
            return null;
        }
        try {
            JsonNode node = AgentJson.mapper().readTree(json);
            if (node.isTextual()) {
                String text = node.textValue().trim();
                if (text.startsWith("{") || text.startsWith("[")) {
                    try {
                        return AgentJson.mapper().readTree(text);
                    } catch (Exception notJson) {
                        return node;
                    }
                }
            }
            return node;
        } catch (Exception e) {
            return TextNode.valueOf(json);
        }
    }

    /** The first result as the declared type of the tool method. */
    public static Object as(String json, Type type) throws Exception {
        return AgentJson.mapper().readValue(json, AgentJson.mapper().getTypeFactory().constructType(type));
    }
}
