package dev.intentguard.agent.key;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.intentguard.agent.json.AgentJson;

import java.util.Map;

/** An argument, or a field inside one: {@code orderId}, {@code 0}, {@code request.orderId}. */
public final class ArgumentRef {
    private final int index;
    private final String[] path;
    private final String label;

    public ArgumentRef(int index, String[] path, String label) {
        this.index = index;
        this.path = path.clone();
        this.label = label;
    }

    public int index() {
        return index;
    }

    /** Field names below the argument; empty for the whole argument. */
    public String[] path() {
        return path.clone();
    }

    public boolean wholeArgument() {
        return path.length == 0;
    }

    /** As written in the config, for messages. */
    public String label() {
        return label;
    }

    /** The value this reference points at in {@code args}: the argument itself, a map entry or a JSON field. */
    Object valueIn(Object[] args) {
        Object value = args[index];
        for (int i = 0; i < path.length; i++) {
            if (value == null) {
                return null;
            }
            if (value instanceof Map) {
                value = ((Map<?, ?>) value).get(path[i]);
            } else {
                JsonNode node = value instanceof JsonNode ? (JsonNode) value : AgentJson.mapper().valueToTree(value);
                for (int j = i; j < path.length && node != null; j++) {
                    node = node.get(path[j]);
                }
                return node == null ? MissingNode.getInstance() : node;
            }
        }
        return value;
    }

    @Override
    public String toString() {
        return label;
    }
}
