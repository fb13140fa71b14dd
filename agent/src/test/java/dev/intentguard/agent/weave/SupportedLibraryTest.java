package dev.intentguard.agent.weave;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SupportedLibraryTest {
    private final SupportedLibrary httpclient4 = new SupportedLibrary("Apache HttpClient", "org.apache.httpcomponents",
            "httpclient", "4.3.6", "4.5.14", "org.apache.http.impl.client.InternalHttpClient");

    @Test
    void theRangeIsFromTheOldestToEveryPatchOfTheNewestMinor() {
        assertFalse(httpclient4.supports("4.2.6"));
        assertFalse(httpclient4.supports("4.3.5"));
        assertTrue(httpclient4.supports("4.3.6"));
        assertTrue(httpclient4.supports("4.4.1"));
        assertTrue(httpclient4.supports("4.5.2"), "numeric, not text: 4.5.2 < 4.5.14");
        assertTrue(httpclient4.supports("4.5.14"));
        assertTrue(httpclient4.supports("4.5.15"), "a later patch of the newest minor");
        assertFalse(httpclient4.supports("4.6.0"));
        assertFalse(httpclient4.supports("5.0"));
        assertEquals("Apache HttpClient 4.3.6 to 4.5.x", httpclient4.describe());
    }

    private static Path jar(Path dir, String name, String manifestVersion, String pomVersion, String classEntry) throws Exception {
        Path jar = dir.resolve(name);
        java.util.jar.Manifest m = new java.util.jar.Manifest();
        m.getMainAttributes().put(java.util.jar.Attributes.Name.MANIFEST_VERSION, "1.0");
        if (manifestVersion != null) {
            m.getMainAttributes().put(java.util.jar.Attributes.Name.IMPLEMENTATION_VERSION, manifestVersion);
        }
        try (java.util.jar.JarOutputStream out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar), m)) {
            if (pomVersion != null) {
                out.putNextEntry(new java.util.jar.JarEntry("META-INF/maven/org.apache.httpcomponents/httpclient/pom.properties"));
                out.write(("version=" + pomVersion + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
            out.putNextEntry(new java.util.jar.JarEntry(classEntry));
            out.write(new byte[] {(byte) 0xca, (byte) 0xfe});
        }
        return jar;
    }

    @Test
    void theVersionIsReadFromTheJarThatHoldsTheLibrarysClass(@TempDir Path dir) throws Exception {
        String marker = "org/apache/http/impl/client/InternalHttpClient.class";
        Path other = jar(dir, "other.jar", "9.9", "9.9", "org/example/Other.class");   // first on the path, not the library
        Path maven = jar(dir, "httpclient-4.2.6.jar", "4.2.6-manifest", "4.2.6", marker);
        Path gradle = jar(dir, "gradle-built.jar", "4.5.3", null, marker);
        Path shaded = jar(dir, "shaded.jar", null, null, marker);
        try (URLClassLoader loader = new URLClassLoader(new URL[] {other.toUri().toURL(), maven.toUri().toURL()}, null)) {
            assertEquals("4.2.6", httpclient4.versionIn(loader), "the Maven metadata of the jar with the class");
        }
        try (URLClassLoader loader = new URLClassLoader(new URL[] {other.toUri().toURL(), gradle.toUri().toURL()}, null)) {
            assertEquals("4.5.3", httpclient4.versionIn(loader), "else its manifest");
        }
        try (URLClassLoader loader = new URLClassLoader(new URL[] {shaded.toUri().toURL()}, null)) {
            assertNull(httpclient4.versionIn(loader), "a jar that does not say");
        }
        try (URLClassLoader loader = new URLClassLoader(new URL[] {other.toUri().toURL()}, null)) {
            assertNull(httpclient4.versionIn(loader), "no such library");
        }
    }
}
