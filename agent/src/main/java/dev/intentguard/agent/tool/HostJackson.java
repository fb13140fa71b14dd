package dev.intentguard.agent.tool;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Builds a JSON node of the <em>host's</em> Jackson (2 or 3, any version) for tools that return one: the
 * agent's own Jackson classes mean nothing to the host. Parsing text through the host's mapper is the one
 * API every version shares.
 *
 * <p>The readers are kept per tool class and per Jackson generation: a loader that sees both must not hand a Jackson 3
 * tool the Jackson 2 node read for another (a {@code ClassCastException} in the host). A {@link ClassValue} lives in
 * the class itself, so a reader, which holds the host's mapper and through it the loader, does not keep an undeployed
 * application's classes alive (a map keyed weakly by the loader would: its value refers to its own key).
 */
final class HostJackson {
    private static final ClassValue<MethodHandle[]> READERS = new ClassValue<>() {
        @Override
        protected MethodHandle[] computeValue(Class<?> owner) {
            return new MethodHandle[2];             // [0] Jackson 2, [1] Jackson 3, made on first use
        }
    };

    private HostJackson() {
    }

    /** {@code json} as a node of the Jackson (3 if {@code jackson3}, else 2) that {@code owner}'s loader sees. */
    static Object readTree(Class<?> owner, boolean jackson3, String json) throws Throwable {
        MethodHandle[] readers = READERS.get(owner);
        int generation = jackson3 ? 1 : 0;
        MethodHandle reader;
        synchronized (readers) {
            reader = readers[generation];
            if (reader == null) {
                reader = reader(owner.getClassLoader(), jackson3);
                readers[generation] = reader;
            }
        }
        return reader.invoke(json);
    }

    private static MethodHandle reader(ClassLoader loader, boolean jackson3) throws ReflectiveOperationException {
        String base = jackson3 ? "tools.jackson.databind." : "com.fasterxml.jackson.databind.";
        Class<?> mapperType = Class.forName(base + "ObjectMapper", true, loader);
        Class<?> nodeType = Class.forName(base + "JsonNode", false, loader);
        Object mapper = mapperType.getConstructor().newInstance();
        MethodHandle readTree = MethodHandles.publicLookup()
                .findVirtual(mapperType, "readTree", MethodType.methodType(nodeType, String.class));
        return readTree.bindTo(mapper);
    }
}
