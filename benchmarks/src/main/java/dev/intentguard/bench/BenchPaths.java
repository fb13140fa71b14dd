package dev.intentguard.bench;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds the jars at run time: a system property first, then next to the benchmarks jar (the layout of a
 * build: benchmarks/target/benchmarks.jar and agent/target/intentguard-agent.jar), then the path baked in
 * at build time ({@link BuildPaths}).
 */
public final class BenchPaths {
    private BenchPaths() {
    }

    /** {@code -Dintentguard.agent.jar}, else ../../agent/target/intentguard-agent.jar from this jar, else the build's. */
    public static Path agentJar() {
        return find("intentguard.agent.jar", "../../agent/target/intentguard-agent.jar", BuildPaths.AGENT_JAR);
    }

    /** The child application of the start-up benchmarks. */
    public static Path startupAppJar() {
        return find("intentguard.bench.startup.app", "startup-app.jar", BuildPaths.STARTUP_APP_JAR);
    }

    /** The do-nothing agent of the start-up control. */
    public static Path noopAgentJar() {
        return find("intentguard.bench.noop.agent", "noop-agent.jar", BuildPaths.NOOP_AGENT_JAR);
    }

    /** The directory with slf4j-api.jar and slf4j-simple.jar (the host backend of the logged variant). */
    public static Path hostSlf4jDir() {
        return find("intentguard.bench.slf4j.dir", "host-slf4j", BuildPaths.HOST_SLF4J_DIR);
    }

    private static Path find(String property, String besideThisJar, String baked) {
        String p = System.getProperty(property);
        if (p != null && !p.isBlank()) {
            return existing(Path.of(p), property);
        }
        Path here = thisJarDir();
        if (here != null) {
            Path candidate = here.resolve(besideThisJar).normalize();
            if (Files.exists(candidate)) {
                return candidate;
            }
        }
        return existing(Path.of(baked).normalize(), property);
    }

    private static Path existing(Path path, String property) {
        if (!Files.exists(path)) {
            throw new IllegalStateException(path + " does not exist: build it (mvn -B -q -pl benchmarks -am package"
                    + " -DskipTests) or point -D" + property + " at it");
        }
        return path.toAbsolutePath();
    }

    private static Path thisJarDir() {
        try {
            File f = new File(BenchPaths.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return f.isFile() ? f.getParentFile().toPath() : null;
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }
}
