package dev.intentguard.agent.tool.bind;

import dev.intentguard.agent.key.KeyRecipe;

import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.Arrays;

/**
 * One instrumented method: which tool it is, how its arguments become a key, and how its return type
 * carries a status. Created when the class loads; its id is woven into the method's advice.
 */
public final class ToolBinding {
    private final int id;
    private final ToolDefinition tool;
    private final String typeName;
    private final String methodName;
    private final String[] parameterTypeNames;
    private final KeyRecipe recipe;
    private final CheckRecipe check;
    private final ReturnShape shape;
    private final Object primitiveDefault;
    private final String brokenReason;
    private volatile Method method;
    private volatile CheckRecipe.Target lastTarget;

    public ToolBinding(int id, ToolDefinition tool, String typeName, String methodName, String[] parameterTypeNames,
                KeyRecipe recipe, CheckRecipe check, ReturnShape shape, Object primitiveDefault, String brokenReason) {
        this.id = id;
        this.tool = tool;
        this.typeName = typeName;
        this.methodName = methodName;
        this.parameterTypeNames = parameterTypeNames;
        this.recipe = recipe;
        this.check = check;
        this.shape = shape;
        this.primitiveDefault = primitiveDefault;
        this.brokenReason = brokenReason;
    }

    public int id() {
        return id;
    }

    public ToolDefinition tool() {
        return tool;
    }

    public String toolName() {
        return tool.name();
    }

    public KeyRecipe recipe() {
        return recipe;
    }

    public ReturnShape shape() {
        return shape;
    }

    /** The outcome check, or {@code null}. */
    public CheckRecipe check() {
        return check;
    }

    /**
     * Remembers where the check (and the escalate method) can run later (the instance weakly: the agent never keeps a
     * tool object alive).
     */
    public void seen(Class<?> owner, Object self) {
        CheckRecipe.Target t = lastTarget;
        if ((check != null || tool.escalate() != null) && (t == null || t.owner != owner || t.instance.get() != self)) {
            lastTarget = new CheckRecipe.Target(owner, self);
        }
    }

    /** Where the check last could run, or {@code null}. */
    public CheckRecipe.Target lastTarget() {
        return lastTarget;
    }

    /** The boxed zero of a primitive return type (the return slot while an exception is thrown), else null. */
    public Object placeholder() {
        return primitiveDefault;
    }

    /** Why this method could not be bound as configured (fail-closed keeps it switched off), or {@code null}. */
    public String brokenReason() {
        return brokenReason;
    }

    public String methodDisplayName() {
        return typeName + "#" + methodName;
    }

    /** The declared generic return type, to give a replayed first result back as the right type. */
    public Type genericReturnType(Class<?> owner) throws NoSuchMethodException {
        Method m = method;
        if (m == null) {
            for (Method candidate : owner.getDeclaredMethods()) {
                if (candidate.getName().equals(methodName) && !candidate.isBridge() && sameParameters(candidate)) {
                    m = candidate;
                    break;
                }
            }
            if (m == null) {
                throw new NoSuchMethodException(methodDisplayName() + Arrays.toString(parameterTypeNames));
            }
            method = m;
        }
        return m.getGenericReturnType();
    }

    /** Whether this binding is method {@code methodName(parameterTypes)} of {@code typeName}. */
    boolean declares(String typeName, String methodName, Class<?>[] parameterTypes) {
        return this.typeName.equals(typeName) && this.methodName.equals(methodName) && sameParameters(parameterTypes);
    }

    private boolean sameParameters(Method candidate) {
        return sameParameters(candidate.getParameterTypes());
    }

    private boolean sameParameters(Class<?>[] types) {
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
}
