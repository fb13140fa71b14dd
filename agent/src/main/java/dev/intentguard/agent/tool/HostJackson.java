package dev.intentguard.agent.tool;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Builds a JSON node of the <em>host's</em> Jackson (2 or 3, any version) for tools that return one: the
 * agent's own Jackson classes mean nothing to the host. Parsing text through the host's mapper is the one
 * API every version shares.
 */
final class HostJackson {
    private static final Map<ClassLoader, MethodHandle> READERS = new WeakHashMap<>();

    private HostJackson() {
    }

    static Object readTree(ClassLoader loader, boolean jackson3, String json) throws Throwable {
        MethodHandle reader;
        synchronized (READERS) {
            reader = READERS.get(loader == null ? ClassLoader.getSystemClassLoader() : loader);
            if (reader == null) {
                reader = reader(loader, jackson3);
                READERS.put(loader == null ? ClassLoader.getSystemClassLoader() : loader, reader);
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
