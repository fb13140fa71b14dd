package dev.intentguard.agent.tool.bind;

import com.fasterxml.jackson.databind.JsonNode;
import dev.intentguard.agent.json.AgentJson;

import java.lang.ref.WeakReference;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;

/**
 * A tool's outcome check ({@code check: findRefund}): a method of the same class whose parameters are key arguments
 * of the tool, matched by name, returning non-null (or {@code true}) when the effect happened. Resolved from the class
 * file when the tool's class loads; the {@link Method} itself is looked up on first use.
 */
public final class CheckRecipe {
    private final String methodName;
    private final int[] toolArguments;
    private final String[] parameterTypeNames;
    private final boolean isStatic;
    private final String returnTypeName;
    private volatile Method method;

    CheckRecipe(String methodName, int[] toolArguments, String[] parameterTypeNames, boolean isStatic, String returnTypeName) {
        this.methodName = methodName;
        this.toolArguments = toolArguments.clone();
        this.parameterTypeNames = parameterTypeNames.clone();
        this.isStatic = isStatic;
        this.returnTypeName = returnTypeName;
    }

    /**
     * What the check's declared return type means, for {@code check}: {@code "Optional: found when present"}. The rule
     * itself is {@link OutcomeCheck#found}.
     */
    public String meaning() {
        String simple = returnTypeName.substring(returnTypeName.lastIndexOf('.') + 1);
        switch (returnTypeName) {
            case "boolean":
            case "java.lang.Boolean":
                return simple + ": found when true";
            case "java.util.Optional":
            case "java.util.OptionalInt":
            case "java.util.OptionalLong":
            case "java.util.OptionalDouble":
                return simple + ": found when present";
            case "java.lang.String":
            case "java.lang.CharSequence":
                return simple + ": found when not blank";
            case "int":
            case "long":
            case "short":
            case "byte":
            case "double":
            case "float":
            case "java.lang.Integer":
            case "java.lang.Long":
            case "java.math.BigDecimal":
            case "java.math.BigInteger":
                return simple + ": found when not zero";
            default:
                if (returnTypeName.endsWith("[]") || returnTypeName.startsWith("java.util.") && (returnTypeName.endsWith("List")
                        || returnTypeName.endsWith("Set") || returnTypeName.endsWith("Collection") || returnTypeName.endsWith("Map"))) {
                    return simple + ": found when not empty";
                }
                return simple + ": found when not null (an empty collection or Optional, false or zero are not found)";
        }
    }

    public String methodName() {
        return methodName;
    }

    public boolean isStatic() {
        return isStatic;
    }

    /** The check's arguments taken from a call of the tool. */
    public Object[] arguments(Object[] toolArgs) {
        Object[] out = new Object[toolArguments.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = toolArgs[toolArguments[i]];
        }
        return out;
    }

    /** The check's arguments as kept in the intent record (a JSON array). */
    public String argumentsJson(Object[] toolArgs) throws Exception {
        return AgentJson.mapper().writeValueAsString(arguments(toolArgs));
    }

    /** The check's arguments read back from the intent record, as the check's parameter types. */
    public Object[] arguments(String json, Class<?> owner) throws Exception {
        Method m = method(owner);
        Type[] types = m.getGenericParameterTypes();
        JsonNode array = AgentJson.mapper().readTree(json);
        Object[] out = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            out[i] = AgentJson.mapper().convertValue(array.get(i), AgentJson.mapper().getTypeFactory().constructType(types[i]));
        }
        return out;
    }

    Method method(Class<?> owner) throws NoSuchMethodException {
        Method m = method;
        if (m == null) {
            for (Class<?> c = owner; c != null && m == null; c = c.getSuperclass()) {
                for (Method candidate : c.getDeclaredMethods()) {
                    if (candidate.getName().equals(methodName) && Modifier.isStatic(candidate.getModifiers()) == isStatic
                            && sameParameters(candidate)) {
                        m = candidate;
                        break;
                    }
                }
            }
            if (m == null) {
                throw new NoSuchMethodException(owner.getName() + "#" + methodName);
            }
            m.setAccessible(true);
            method = m;
        }
        return m;
    }

    private boolean sameParameters(Method candidate) {
        Class<?>[] types = candidate.getParameterTypes();
        if (types.length != parameterTypeNames.length) {
            return false;
        }
        for (int i = 0; i < types.length; i++) {
            if (!types[i].getName().equals(parameterTypeNames[i])) {
                return false;
            }
        }
        return true;
    }

    /** Where a check can run later: the tool's class and, for an instance method, the last instance seen. */
    public static final class Target {
        public final Class<?> owner;
        public final WeakReference<Object> instance;

        Target(Class<?> owner, Object instance) {
            this.owner = owner;
            this.instance = new WeakReference<>(instance);
        }
    }
}
