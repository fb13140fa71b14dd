package dev.intentguard.agent.key;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.intentguard.agent.json.AgentJson;
import dev.intentguard.agent.json.CanonicalJson;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How one tool method turns its arguments into an intent key and a payload fingerprint. Built once per
 * method when its class loads; applied on every call.
 *
 * <ul>
 *   <li>key: the canonical JSON array of the key values, in configured order;</li>
 *   <li>fingerprint: SHA-256 of every argument but the excluded ones (model-written free text), so that
 *       the same intent with different details can be told apart and rejected.</li>
 * </ul>
 */
public final class KeyRecipe {
    private final ArgumentRef[] key;
    private final int argumentCount;
    private final boolean[] excluded;
    private final List<ArgumentRef> excludedFields;

    public KeyRecipe(List<ArgumentRef> key, int argumentCount, List<ArgumentRef> exclude) {
        this.key = key.toArray(new ArgumentRef[0]);
        this.argumentCount = argumentCount;
        this.excluded = new boolean[argumentCount];
        this.excludedFields = new ArrayList<>();
        for (ArgumentRef ref : exclude) {
            if (ref.wholeArgument()) {
                excluded[ref.index()] = true;
            } else {
                excludedFields.add(ref);
            }
        }
    }

    public List<ArgumentRef> keyArguments() {
        return Arrays.asList(key);
    }

    /**
     * The key's values by argument name, as a JSON object, from the array {@link Keyed#keyJson} holds: what a tool's
     * escalate method is told.
     */
    public String namedJson(String keyJson) {
        try {
            JsonNode values = AgentJson.mapper().readTree(keyJson);
            ObjectNode named = AgentJson.mapper().createObjectNode();
            for (int i = 0; i < key.length && i < values.size(); i++) {
                named.set(key[i].label(), values.get(i));
            }
            return AgentJson.mapper().writeValueAsString(named);
        } catch (Exception e) {
            return null;
        }
    }

    /** The key and fingerprint of one call. */
    public Keyed apply(String tool, Object[] args) {
        String[] canonical = new String[argumentCount];
        StringBuilder keyJson = new StringBuilder(64).append('[');
        for (int i = 0; i < key.length; i++) {
            if (i > 0) {
                keyJson.append(',');
            }
            ArgumentRef ref = key[i];
            if (ref.wholeArgument()) {
                String value = canonical(args, ref.index(), canonical);
                if ("{}".equals(value) && opaque(args[ref.index()])) {
                    throw new UnreadableKeyException(ref, args[ref.index()]);
                }
                keyJson.append(value);
            } else {
                Object value = ref.valueIn(args);
                if (value instanceof MissingNode && args[ref.index()] != null) {
                    throw new UnreadableKeyException(ref, args[ref.index()]);
                }
                CanonicalJson.write(value, keyJson);
            }
        }
        keyJson.append(']');
        String json = keyJson.toString();
        return new Keyed(IntentKey.of(tool, json), fingerprint(args, canonical), json);
    }

    /** A non-null value that is neither a map nor a JSON object, yet serialized to {@code {}}: nothing of it was read. */
    private static boolean opaque(Object value) {
        return value != null && !(value instanceof java.util.Map) && !(value instanceof JsonNode);
    }

    /**
     * A key value the agent cannot read: a path that names no property of a non-null argument, or an argument with no
     * readable property at all. Keyed by it, every call would be the same intent, so no call is keyed by it.
     */
    public static final class UnreadableKeyException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UnreadableKeyException(ArgumentRef ref, Object argument) {
            super("key " + ref.label() + " reads nothing from " + argument.getClass().getName() + ": it has no public "
                    + "field, getter, record component or accessor named like a field for it, so every call would be the "
                    + "same intent. Key by what identifies the action (a property the agent can read), or give the class "
                    + "accessors (getOrderId() or orderId())", null, false, false);
        }
    }

    private byte[] fingerprint(Object[] args, String[] canonical) {
        StringBuilder json = new StringBuilder(64).append('{');
        boolean first = true;
        for (int i = 0; i < argumentCount; i++) {
            if (excluded[i]) {
                continue;
            }
            if (!first) {
                json.append(',');
            }
            first = false;
            json.append('"').append(i).append("\":");
            if (hasExcludedFields(i)) {
                json.append(CanonicalJson.of(withoutExcludedFields(args[i], i)));
            } else {
                json.append(canonical(args, i, canonical));
            }
        }
        return IntentKey.sha256(json.append('}').toString());
    }

    private boolean hasExcludedFields(int index) {
        for (ArgumentRef ref : excludedFields) {
            if (ref.index() == index) {
                return true;
            }
        }
        return false;
    }

    private JsonNode withoutExcludedFields(Object arg, int index) {
        JsonNode tree = AgentJson.mapper().valueToTree(arg);
        for (ArgumentRef ref : excludedFields) {
            if (ref.index() != index) {
                continue;
            }
            String[] path = ref.path();
            JsonNode parent = tree;
            for (int i = 0; i < path.length - 1 && parent != null; i++) {
                parent = parent.get(path[i]);
            }
            if (parent instanceof ObjectNode) {
                ((ObjectNode) parent).remove(path[path.length - 1]);
            }
        }
        return tree;
    }

    private static String canonical(Object[] args, int index, String[] cache) {
        String c = cache[index];
        if (c == null) {
            c = CanonicalJson.of(args[index]);
            cache[index] = c;
        }
        return c;
    }

    /** A call's intent key and payload fingerprint. */
    public static final class Keyed {
        private final IntentKey key;
        private final byte[] fingerprint;
        private final String keyJson;

        Keyed(IntentKey key, byte[] fingerprint, String keyJson) {
            this.key = key;
            this.fingerprint = fingerprint;
            this.keyJson = keyJson;
        }

        /** The key's values as canonical JSON, an array in the order of the recipe's key arguments. */
        public String keyJson() {
            return keyJson;
        }

        public IntentKey key() {
            return key;
        }

        public byte[] fingerprint() {
            return fingerprint;
        }
    }
}
