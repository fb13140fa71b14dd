package dev.intentguard.agent;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Puts the bridge ({@code dev.intentguard.bridge}) and the agent-api classes ({@code dev.intentguard.api}: the
 * statuses and exceptions a typed tool answers with) into the bootstrap class loader, so that advice woven into any
 * class (the application's, a framework's or the JDK's) can call the one and throw the others.
 *
 * <p>The classes are defined one by one rather than by appending the agent jar to the bootstrap search
 * path: an appended bootstrap path makes the JVM turn off class data sharing for every application class
 * (and print a warning in the host's console). Defining them needs {@code jdk.internal.misc}, which is
 * exported for the moment to this class's module only, never to the application.
 *
 * <p>Loaded first, before any class that refers to the bridge; it uses nothing but the JDK.
 */
public final class BootstrapBridge {
    private static final String PROBE = "dev.intentguard.bridge.Dispatcher";
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
                } catch (LinkageError e) {
                    if (definedInBoot(name)) {
                        continue;   // defined concurrently
                    }
                    failed.add(name);
                    last = e;
                }
            }
            if (failed.size() == pending.size()) {
                throw new IllegalStateException("cannot define the bridge classes " + failed + " in the boot loader", last);
            }
            pending = failed;
        }
    }

    /** {@code Unsafe.defineClass}, called directly by {@code UnsafeDefiner} (which the build compiles apart). */
    @SuppressWarnings("unchecked")
    private static BiFunction<String, byte[], Class<?>> definer() throws Exception {
        return (BiFunction<String, byte[], Class<?>>) Class.forName(DEFINER, true, BootstrapBridge.class.getClassLoader())
                .getDeclaredConstructor().newInstance();
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
            if (list == null) {
                throw new IOException(agentJar + " has no " + LIST + " (it was not built by agent/pom.xml)");
            }
            String names;
            try (InputStream in = jar.getInputStream(list)) {
                names = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            for (String line : names.split("\\R")) {
                String file = line.trim();                         // dev/intentguard/bridge/.../X.class
                JarEntry entry = file.isEmpty() ? null : jar.getJarEntry(file);
                if (entry != null) {
                    try (InputStream in = jar.getInputStream(entry)) {
                        classes.put(file.substring(0, file.length() - ".class".length()).replace('/', '.'), in.readAllBytes());
                    }
                }
            }
        }
        if (classes.isEmpty()) {
            throw new IOException(agentJar + " holds none of the bridge classes its " + LIST + " names");
        }
        return classes;
    }
}
