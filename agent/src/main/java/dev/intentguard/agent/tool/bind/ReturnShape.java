package dev.intentguard.agent.tool.bind;

/**
 * How a tool's declared return type can carry a status. Text and map-like returns get the status as
 * data (what a model reads); every other type gets the first result back, or an agent-api exception.
 */
public enum ReturnShape {
    /** {@code String} or {@code CharSequence}: JSON text. */
    TEXT,
    /** {@code Map} (or a type a {@code LinkedHashMap} is): the status fields as a map. */
    MAP,
    /** {@code Object}: the status fields as a map. */
    OBJECT,
    /** Jackson 2 {@code JsonNode}/{@code ObjectNode}: a node of the host's Jackson. */
    JACKSON2_NODE,
    /** Jackson 3 {@code JsonNode}/{@code ObjectNode}: a node of the host's Jackson. */
    JACKSON3_NODE,
    /** {@code void}: nothing to return; statuses other than already_done throw. */
    VOID,
    /** A primitive: the boxed first result; statuses throw. */
    PRIMITIVE,
    /** Anything else: the first result deserialized to the declared type; statuses throw. */
    TYPED;

    /** {@code true} if the caller can receive a status as data rather than an exception. */
    public boolean carriesStatus() {
        return this == TEXT || this == MAP || this == OBJECT || this == JACKSON2_NODE || this == JACKSON3_NODE;
    }

    static ReturnShape of(String erasedTypeName) {
        switch (erasedTypeName) {
            case "java.lang.String":
            case "java.lang.CharSequence":
                return TEXT;
            case "java.util.Map":
            case "java.util.HashMap":
            case "java.util.LinkedHashMap":
            case "java.util.AbstractMap":
                return MAP;
            case "java.lang.Object":
                return OBJECT;
            case "com.fasterxml.jackson.databind.JsonNode":
            case "com.fasterxml.jackson.databind.node.ObjectNode":
            case "com.fasterxml.jackson.databind.node.ContainerNode":
                return JACKSON2_NODE;
            case "tools.jackson.databind.JsonNode":
            case "tools.jackson.databind.node.ObjectNode":
            case "tools.jackson.databind.node.ContainerNode":
                return JACKSON3_NODE;
            case "void":
                return VOID;
            case "boolean":
            case "byte":
            case "char":
            case "short":
            case "int":
            case "long":
            case "float":
            case "double":
                return PRIMITIVE;
            default:
                return TYPED;
        }
    }
}
