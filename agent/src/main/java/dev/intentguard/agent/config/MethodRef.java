package dev.intentguard.agent.config;

import java.util.List;

/**
 * A method named in the config: {@code com.acme.RefundTools#refundOrder}, optionally with parameter types
 * {@code (java.lang.String,java.math.BigDecimal)}. A type may be an interface or superclass: the
 * reference then covers every implementation.
 */
public final class MethodRef {
    private final String typeName;
    private final String methodName;
    private final List<String> parameterTypes;

    MethodRef(String typeName, String methodName, List<String> parameterTypes) {
        this.typeName = typeName;
        this.methodName = methodName;
        this.parameterTypes = parameterTypes;
    }

    /** Binary name of the class or interface, e.g. {@code com.acme.Outer$Inner}. */
    public String typeName() {
        return typeName;
    }

    public String methodName() {
        return methodName;
    }

    /** Parameter type names as written, or {@code null} when the config leaves them out. */
    public List<String> parameterTypes() {
        return parameterTypes;
    }

    @Override
    public String toString() {
        return typeName + "#" + methodName + (parameterTypes == null ? "" : "(" + String.join(",", parameterTypes) + ")");
    }
}
