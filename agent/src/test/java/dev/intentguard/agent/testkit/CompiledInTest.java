package dev.intentguard.agent.testkit;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * A host app whose library the test class path cannot hold (Spring 7 beside the Spring 6 the other tests use, Spring
 * Boot 4): its source lives under {@code src/test/resources/compiled-in-tests/} and is compiled by the test against
 * the jars it runs with.
 */
public final class CompiledInTest {
    /** Each app compiled once per test JVM for each class path it runs with (the tests of a class share it). */
    private static final Map<List<String>, Path> COMPILED = new ConcurrentHashMap<>();

    private CompiledInTest() {
    }

    /**
     * The host app's classes followed by {@code jars}: the class path of a forked host. The app is compiled against the
     * test classes and {@code jars}, once per test JVM, into {@code target/compiled-in-tests}.
     */
    public static List<String> hostClassPath(String className, List<String> jars) throws IOException {
        List<String> against = new ArrayList<>(List.of(ForkedJvm.testClasses()));
        against.addAll(jars);
        Path classes = COMPILED.get(against);
        if (classes == null) {
            Path dir = Path.of("target", "compiled-in-tests", className + "-" + Integer.toHexString(against.hashCode()))
                    .toAbsolutePath();
            if (Files.exists(dir)) {
                try (Stream<Path> old = Files.walk(dir)) {
                    for (Path p : old.sorted(Comparator.reverseOrder()).toArray(Path[]::new)) {
                        Files.delete(p);
                    }
                }
            }
            classes = compile(className, dir, against);
            COMPILED.put(against, classes);
        }
        List<String> cp = new ArrayList<>();
        cp.add(classes.toString());
        cp.addAll(jars);
        return cp;
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
        assertEquals(0, javac.run(null, null, null, "-d", classes.toString(), "-parameters", "-XDsuppressNotes", "-cp",
                String.join(File.pathSeparator, classPath), source.toString()), className + " compiles against " + classPath);
        return classes;
    }
}
