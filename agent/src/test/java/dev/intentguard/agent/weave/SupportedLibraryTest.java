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
            "httpclient", "4.3.6", "4.5.14");

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

    @Test
    void theVersionIsReadFromTheJarsMavenMetadata(@TempDir Path dir) throws Exception {
        Path props = dir.resolve("META-INF/maven/org.apache.httpcomponents/httpclient/pom.properties");
        Files.createDirectories(props.getParent());
        Files.writeString(props, "version=4.2.6\ngroupId=org.apache.httpcomponents\nartifactId=httpclient\n");
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, null)) {
            assertEquals("4.2.6", httpclient4.versionIn(loader));
        }
        try (URLClassLoader shaded = new URLClassLoader(new URL[0], null)) {
            assertNull(httpclient4.versionIn(shaded), "a jar without the metadata does not say");
        }
    }
}
