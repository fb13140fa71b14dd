package dev.intentguard.agent.boot;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class IsolatedClassLoaderTest {
    /** A class the test puts in the agent jar's {@code inst/} and also lets the parent see. */
    public static final class Packed {
    }

    @TempDir
    Path dir;

    @Test
    void theAgentsOwnClassComesFromTheJarEvenWhenTheParentHasOneOfTheSameName() throws Exception {
        String name = Packed.class.getName();
        File jar = agentJarWith(name);
        URL testClasses = Packed.class.getProtectionDomain().getCodeSource().getLocation();
        try (URLClassLoader parent = new URLClassLoader(new URL[] {testClasses}, ClassLoader.getPlatformClassLoader())) {
            assertSame(parent, parent.loadClass(name).getClassLoader(), "the parent has its own copy");
            IsolatedClassLoader loader = new IsolatedClassLoader(jar, parent, null);
            assertSame(loader, loader.loadClass(name).getClassLoader(), "the agent's copy, not the parent's");
            assertSame(loader.loadClass(name), Class.forName(name, true, loader), "defined once");
            assertSame(String.class, loader.loadClass("java.lang.String"), "the JDK's classes from the parent");
            assertSame(parent.loadClass(IsolatedClassLoaderTest.class.getName()),
                    loader.loadClass(IsolatedClassLoaderTest.class.getName()), "what the jar lacks from the parent");
            assertThrows(ClassNotFoundException.class, () -> loader.loadClass("dev.intentguard.none.Missing"));
        }
    }

    private File agentJarWith(String className) throws Exception {
        File jar = dir.resolve("agent.jar").toFile();
        String resource = className.replace('.', '/') + ".class";
        try (OutputStream file = Files.newOutputStream(jar.toPath()); JarOutputStream out = new JarOutputStream(file);
             InputStream in = IsolatedClassLoaderTest.class.getClassLoader().getResourceAsStream(resource)) {
            out.putNextEntry(new JarEntry("inst/" + resource.replace(".class", ".classdata")));
            in.transferTo(out);
            out.closeEntry();
        }
        return jar;
    }
}
