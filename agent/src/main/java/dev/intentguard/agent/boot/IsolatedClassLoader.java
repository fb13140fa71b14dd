package dev.intentguard.agent.boot;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.security.cert.Certificate;
import java.util.Arrays;
import java.util.Collections;
import java.util.Enumeration;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Loads the agent's private classes from {@code inst/} inside the agent jar. Class files there are named
 * {@code *.classdata}, so the system class loader (which also has the agent jar on its path) can never
 * load them: the host and the agent each see only their own Jackson, Byte Buddy, Chronicle and SLF4J.
 *
 * <p>The parent is the platform loader (so {@code java.net.http} and friends resolve), and the bridge
 * ({@code dev.intentguard.bridge}) and agent-api ({@code dev.intentguard.api}) packages come from {@code bridgeLoader}
 * (the bootstrap loader, once premain has defined them there; the jar's own loader for the command-line tools).
 */
final class IsolatedClassLoader extends ClassLoader {
    static {
        registerAsParallelCapable();
    }

    private static final String ROOT = "inst/";
    private static final String VERSIONS = ROOT + "META-INF/versions/";
    private static final String CLASS = ".class";
    private static final String CLASSDATA = ".classdata";
    private static final String BRIDGE_PACKAGE = "dev.intentguard.bridge.";
    private static final String API_PACKAGE = "dev.intentguard.api.";
    private static final String CHRONICLE_PROPERTIES = "system.properties";

    private final JarFile jar;
    private final String jarUrl;
    private final ProtectionDomain domain;
    private final ClassLoader bridgeLoader;
    /** The multi-release folders in the jar this JVM can use, newest first. */
    private final int[] versions;

    IsolatedClassLoader(File agentJar, ClassLoader parent, ClassLoader bridgeLoader) throws IOException {
        super("intentguard", parent);
        this.jar = new JarFile(agentJar, false);
        URL url = agentJar.toURI().toURL();
        this.jarUrl = "jar:" + url + "!/";
        this.domain = new ProtectionDomain(new CodeSource(url, (Certificate[]) null), null, this, null);
        this.bridgeLoader = bridgeLoader;
        this.versions = usableVersions(jar);
    }

    /**
     * The multi-release folders ({@code inst/META-INF/versions/N/}) this JVM can use, newest first. Probing the few
     * possible folder entries (the build's jar task writes them) is cheap; listing the jar's ~7000 entries cost
     * premain several milliseconds.
     */
    private static int[] usableVersions(JarFile jar) {
        int feature = Runtime.version().feature();
        int[] found = new int[Math.max(0, feature - 8)];
        int n = 0;
        for (int v = feature; v >= 9; v--) {
            if (jar.getEntry(VERSIONS + v + "/") != null) {
                found[n++] = v;
            }
        }
        return Arrays.copyOf(found, n);
    }

    /** The entry for {@code resource}: its newest multi-release variant this JVM can use, else the plain one. */
    private JarEntry entry(String resource) {
        String stored = resource.endsWith(CLASS)
                ? resource.substring(0, resource.length() - CLASS.length()) + CLASSDATA
                : resource;
        for (int v : versions) {
            JarEntry variant = jar.getJarEntry(VERSIONS + v + "/" + stored);
            if (variant != null) {
                return variant;
            }
        }
        return jar.getJarEntry(ROOT + stored);
    }

    /**
     * The agent's own classes first, then the parent. The parent (the platform loader) has none of the libraries in
     * {@code inst/}, so asking it first only cost a failed lookup and a {@code ClassNotFoundException} per class, some
     * 270 of them in premain; and a jar another agent appended to the boot class path can no longer lend the agent its
     * version of a library. The JDK's own packages still go to the parent first.
     */
    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (bridgeLoader != null && (name.startsWith(BRIDGE_PACKAGE) || name.startsWith(API_PACKAGE))) {
            return bridgeLoader.loadClass(name);
        }
        if (!platformName(name)) {
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    JarEntry entry = entry(name.replace('.', '/') + CLASS);
                    c = entry == null ? null : define(name, entry);
                }
                if (c != null) {
                    if (resolve) {
                        resolveClass(c);
                    }
                    return c;
                }
            }
        }
        return super.loadClass(name, resolve);
    }

    private static boolean platformName(String name) {
        return name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.") || name.startsWith("sun.")
                || name.startsWith("com.sun.") || name.startsWith("org.w3c.") || name.startsWith("org.xml.")
                || name.startsWith("org.ietf.") || name.startsWith("org.jcp.") || name.startsWith("org.graalvm.")
                || name.startsWith("netscape.");
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        // reached after the parent: a name outside the JDK's packages was looked for in the jar already (loadClass)
        JarEntry entry = platformName(name) ? entry(name.replace('.', '/') + CLASS) : null;
        if (entry == null) {
            throw new ClassNotFoundException(name);
        }
        return define(name, entry);
    }

    private Class<?> define(String name, JarEntry entry) throws ClassNotFoundException {
        byte[] bytes;
        try (InputStream in = jar.getInputStream(entry)) {
            bytes = read(in, entry.getSize());
        } catch (IOException e) {
            throw new ClassNotFoundException(name, e);
        }
        int dot = name.lastIndexOf('.');
        if (dot > 0) {
            String pkg = name.substring(0, dot);
            if (getDefinedPackage(pkg) == null) {
                try {
                    definePackage(pkg, null, null, null, null, null, null, null);
                } catch (IllegalArgumentException definedConcurrently) {
                    // another thread won the race; the package exists
                }
            }
        }
        return defineClass(name, bytes, 0, bytes.length, domain);
    }

    /** The entry's bytes into one array of its size when the jar says it ({@code readAllBytes} grows 16 KB buffers). */
    private static byte[] read(InputStream in, long size) throws IOException {
        if (size < 0 || size > Integer.MAX_VALUE - 8) {
            return in.readAllBytes();
        }
        byte[] bytes = new byte[(int) size];
        int n = in.readNBytes(bytes, 0, bytes.length);
        if (n != bytes.length || in.read() != -1) {
            throw new IOException("the jar entry's size is not " + size);
        }
        return bytes;
    }

    @Override
    protected URL findResource(String name) {
        JarEntry entry = entry(name);
        if (entry == null) {
            return null;
        }
        try {
            return new URL(jarUrl + entry.getName());
        } catch (MalformedURLException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    protected Enumeration<URL> findResources(String name) {
        URL url = findResource(name);
        return url == null ? Collections.emptyEnumeration() : Collections.enumeration(Collections.singletonList(url));
    }

    @Override
    public InputStream getResourceAsStream(String name) {
        if (name.equals(CHRONICLE_PROPERTIES) || name.equals("../" + CHRONICLE_PROPERTIES)) {
            // Chronicle loads ./system.properties (or ../) from the working directory into the JVM's system
            // properties unless its class loader has that resource: the agent's Chronicle reads nothing.
            return new java.io.ByteArrayInputStream(new byte[0]);
        }
        // Straight from the jar: Byte Buddy reads advice class files this way on every transformation.
        JarEntry entry = entry(name);
        if (entry != null) {
            try {
                return jar.getInputStream(entry);
            } catch (IOException e) {
                return null;
            }
        }
        return super.getResourceAsStream(name);
    }
}
