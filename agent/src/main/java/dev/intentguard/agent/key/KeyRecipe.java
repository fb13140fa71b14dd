package dev.intentguard.agent.key;

import com.fasterxml.jackson.databind.JsonNode;
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
                keyJson.append(canonical(args, ref.index(), canonical));
            } else {
                CanonicalJson.write(ref.valueIn(args), keyJson);
            }
        }
        keyJson.append(']');
        return new Keyed(IntentKey.of(tool, keyJson.toString()), fingerprint(args, canonical));
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

        Keyed(IntentKey key, byte[] fingerprint) {
            this.key = key;
            this.fingerprint = fingerprint;
        }

        public IntentKey key() {
            return key;
        }

        public byte[] fingerprint() {
            return fingerprint;
        }
    }
}
