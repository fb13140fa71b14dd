package dev.intentguard.agent;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.UndeclaredThrowableException;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Puts the agent-api bridge into the bootstrap class loader, so that advice woven into any class (the
 * application's, a framework's or the JDK's) can call it.
 *
 * <p>The classes are defined one by one rather than by appending the agent jar to the bootstrap search
 * path: an appended bootstrap path makes the JVM turn off class data sharing for every application class
 * (and print a warning in the host's console). Defining them needs {@code jdk.internal.misc}, which is
 * exported for the moment to this class's module only, never to the application.
 *
 * <p>Loaded first, before any class that refers to the bridge; it uses nothing but the JDK.
 */
public final class BootstrapBridge {
    private static final String PREFIX = "dev/intentguard/api/";
    private static final String PROBE = "dev.intentguard.api.bridge.Dispatcher";
    private static final String DEFINER = "dev.intentguard.agent.UnsafeDefiner";
    /** Written by the build (agent/pom.xml): the bridge's class files, one per line. */
    private static final String LIST = "META-INF/intentguard/bridge.list";

    private BootstrapBridge() {
    }

    public static void inject(Instrumentation instrumentation, File agentJar) throws Exception {
        if (definedInBoot(PROBE)) {
            return;   // a previous start (or -Xbootclasspath/a) already did it
        }
        Map<String, byte[]> classes = readBridge(agentJar);
        Module base = Object.class.getModule();
        instrumentation.redefineModule(base, Set.of(), Map.of("jdk.internal.misc", Set.of(BootstrapBridge.class.getModule())),
                Map.of(), Set.of(), Map.of());
        BiFunction<String, byte[], Class<?>> define = definer();
        // A class whose supertype is not defined yet fails with NoClassDefFoundError: define in rounds.
        List<String> pending = new ArrayList<>(classes.keySet());
        while (!pending.isEmpty()) {
            List<String> failed = new ArrayList<>();
            Throwable last = null;
            for (String name : pending) {
                byte[] bytes = classes.get(name);
                try {
                    define.apply(name, bytes);
                } catch (UndeclaredThrowableException | LinkageError e) {
                    Throwable cause = e instanceof UndeclaredThrowableException ? e.getCause() : e;
                    if (cause instanceof LinkageError && definedInBoot(name)) {
                        continue;   // defined concurrently
                    }
                    failed.add(name);
                    last = cause;
                }
            }
            if (failed.size() == pending.size()) {
                throw new IllegalStateException("cannot define the bridge classes " + failed + " in the boot loader", last);
            }
            pending = failed;
        }
    }

    /**
     * {@code Unsafe.defineClass}: a direct call through {@code UnsafeDefiner} (compiled apart by the build), or, where
     * that class is missing (a build that skipped it), a reflective one.
     */
    @SuppressWarnings("unchecked")
    private static BiFunction<String, byte[], Class<?>> definer() throws Exception {
        try {
            return (BiFunction<String, byte[], Class<?>>) Class.forName(DEFINER, true, BootstrapBridge.class.getClassLoader())
                    .getDeclaredConstructor().newInstance();
        } catch (ClassNotFoundException notBuilt) {
            Class<?> unsafeType = Class.forName("jdk.internal.misc.Unsafe");
            Object unsafe = unsafeType.getMethod("getUnsafe").invoke(null);
            Method define = unsafeType.getMethod("defineClass", String.class, byte[].class, int.class, int.class,
                    ClassLoader.class, java.security.ProtectionDomain.class);
            return (name, bytes) -> {
                try {
                    return (Class<?>) define.invoke(unsafe, name, bytes, 0, bytes.length, null, null);
                } catch (InvocationTargetException e) {
                    throw new UndeclaredThrowableException(e.getCause());
                } catch (IllegalAccessException e) {
                    throw new UndeclaredThrowableException(e);
                }
            };
        }
    }

    private static boolean definedInBoot(String name) {
        try {
            Class.forName(name, false, null);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    private static Map<String, byte[]> readBridge(File agentJar) throws IOException {
        Map<String, byte[]> classes = new LinkedHashMap<>();
        try (JarFile jar = new JarFile(agentJar, false)) {
            JarEntry list = jar.getJarEntry(LIST);
            if (list != null) {
                String names;
                try (InputStream in = jar.getInputStream(list)) {
                    names = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                }
                for (String name : names.split("\\R")) {
                    JarEntry entry = name.isBlank() ? null : jar.getJarEntry(name.trim());
                    if (entry != null) {
                        read(jar, entry, classes);
                    }
                }
            } else {
                // A jar built without the list: find the classes among all entries.
                for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                    JarEntry entry = e.nextElement();
                    String name = entry.getName();
                    if (name.startsWith(PREFIX) && name.endsWith(".class") && !name.endsWith("package-info.class")) {
                        read(jar, entry, classes);
                    }
                }
            }
        }
        if (classes.isEmpty()) {
            throw new IOException(agentJar + " holds no bridge classes under " + PREFIX);
        }
        return classes;
    }

    private static void read(JarFile jar, JarEntry entry, Map<String, byte[]> classes) throws IOException {
        String name = entry.getName();
        try (InputStream in = jar.getInputStream(entry)) {
            classes.put(name.substring(0, name.length() - 6).replace('/', '.'), in.readAllBytes());
        }
    }
}
