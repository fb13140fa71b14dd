package dev.intentguard.agent.testkit;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * A host app whose library the test class path cannot hold (Spring 7 beside the Spring 6 the other tests use, Spring
 * Boot 4): its source lives under {@code src/test/resources/compiled-in-tests/} and is compiled by the test against
 * the jars it runs with.
 */
public final class CompiledInTest {
    private CompiledInTest() {
    }

    /** Compiles {@code className}'s source into {@code dir/app-classes} against {@code classPath}; returns that folder. */
    public static Path compile(String className, Path dir, List<String> classPath) throws IOException {
        String resource = "/compiled-in-tests/" + className.replace('.', '/') + ".java";
        Path source = dir.resolve("src").resolve(className.replace('.', '/') + ".java");
        Files.createDirectories(source.getParent());
        try (InputStream in = CompiledInTest.class.getResourceAsStream(resource)) {
            assertNotNull(in, resource);
            Files.copy(in, source);
        }
        Path classes = dir.resolve("app-classes");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, "-d", classes.toString(), "-parameters", "-cp",
                String.join(File.pathSeparator, classPath), source.toString()), className + " compiles against " + classPath);
        return classes;
    }
}
