package dev.intentguard.agent.tool.bind;

import dev.intentguard.agent.key.ArgumentRef;
import net.bytebuddy.description.field.FieldDescription;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDefinition;
import net.bytebuddy.description.type.TypeDescription;

/**
 * Whether the agent can read a key argument, decided from the class file when the tool binds (and by
 * {@code check}): the agent's own Jackson reads public fields, getters ({@code getX()}, {@code isX()}), record
 * components and, for classes without any of those, public accessors named like a field ({@code orderId()} for a
 * field {@code orderId}: AutoValue, Immutables, hand-written value classes). It never reads private fields or the
 * host's Jackson annotations. A key that would read nothing from a non-null argument makes every call one intent, so
 * it is refused. Types the agent cannot judge from the declaration (interfaces, JDK types, maps, JSON trees) pass;
 * the call itself refuses such a key if it reads nothing at run time.
 */
public final class KeyReadability {
    private KeyReadability() {
    }

    /** Why {@code ref} of an argument declared as {@code type} would read nothing, or {@code null}. */
    static String unreadable(TypeDescription type, ArgumentRef ref) {
        if (!judged(type)) {
            return null;
        }
        if (ref.wholeArgument()) {
            return hasAnyProperty(type) ? null : "key " + ref.label() + " is a " + type.getSimpleName() + ", in which the "
                    + "agent can read no property: every call would serialize it as {} and be the same intent";
        }
        String name = ref.path()[0];
        return readable(type, name) ? null : "key " + ref.label() + " names no property " + name + " the agent can read in "
                + type.getSimpleName() + ": it would be null for every call, and every call would be the same intent";
    }

    /** A class of the application whose properties the declaration tells: not a JDK type, an interface, a map or JSON. */
    private static boolean judged(TypeDescription type) {
        if (type.isPrimitive() || type.isArray() || type.isInterface() || type.isEnum()) {
            return false;
        }
        try {
            if (type.isAssignableTo(java.util.Map.class) || type.isAssignableTo(java.util.Collection.class)) {
                return false;
            }
        } catch (RuntimeException unresolvable) {
            return false;                                 // a supertype is not on the class path: cannot judge
        }
        String name = type.getName();
        return !(name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.") || name.startsWith("kotlin.")
                || name.startsWith("scala.") || name.startsWith("com.fasterxml.jackson.") || name.startsWith("tools.jackson.")
                || name.startsWith("com.google.gson.") || name.startsWith("org.json."));
    }

    private static boolean readable(TypeDescription type, String name) {
        String capitalized = Character.toUpperCase(name.charAt(0)) + name.substring(1);
        boolean field = false;
        boolean accessor = false;
        for (TypeDefinition t = type; t != null && !t.asErasure().getName().equals("java.lang.Object"); t = t.getSuperClass()) {
            TypeDescription c = t.asErasure();
            if (c.isRecord() && c.getRecordComponents().stream().anyMatch(r -> r.getActualName().equals(name))) {
                return true;
            }
            for (FieldDescription f : c.getDeclaredFields()) {
                if (!f.isStatic() && f.getName().equals(name)) {
                    if (f.isPublic()) {
                        return true;
                    }
                    field = true;
                }
            }
            for (MethodDescription m : c.getDeclaredMethods()) {
                if (!m.isMethod() || m.isStatic() || !m.isPublic() || !m.getParameters().isEmpty()
                        || m.getReturnType().represents(void.class)) {
                    continue;
                }
                String n = m.getName();
                if (n.equals("get" + capitalized) || (n.equals("is" + capitalized) && m.getReturnType().represents(boolean.class))) {
                    return true;
                }
                if (n.equals(name)) {
                    accessor = true;
                }
            }
        }
        // orderId() counts where a field orderId backs it, or on an abstract class (AutoValue: the generated
        // subclass holds the field); a getter-less class with neither is read by its accessors only.
        return accessor && (field || type.isAbstract());
    }

    private static boolean hasAnyProperty(TypeDescription type) {
        if (type.isAbstract()) {
            return true;                                  // the concrete class is decided at run time
        }
        for (TypeDefinition t = type; t != null && !t.asErasure().getName().equals("java.lang.Object"); t = t.getSuperClass()) {
            TypeDescription c = t.asErasure();
            if (c.isRecord() && !c.getRecordComponents().isEmpty()) {
                return true;
            }
            for (FieldDescription f : c.getDeclaredFields()) {
                if (!f.isStatic() && (f.isPublic() || readable(type, f.getName()))) {
                    return true;
                }
            }
            for (MethodDescription m : c.getDeclaredMethods()) {
                if (m.isMethod() && !m.isStatic() && m.isPublic() && m.getParameters().isEmpty()
                        && (m.getName().startsWith("get") && m.getName().length() > 3 && !m.getName().equals("getClass")
                        || m.getName().startsWith("is") && m.getName().length() > 2 && m.getReturnType().represents(boolean.class))) {
                    return true;
                }
            }
        }
        return false;
    }
}
