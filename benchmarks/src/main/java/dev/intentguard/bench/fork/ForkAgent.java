package dev.intentguard.bench.fork;

import dev.intentguard.bench.BenchPaths;
import dev.intentguard.bench.app.BenchTools;

import java.lang.instrument.Instrumentation;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarFile;

/**
 * The {@code Premain-Class} of benchmarks.jar, used by the forks of the agent benchmarks
 * ({@code -javaagent:benchmarks.jar=log=silent|file}). JMH's fork arguments are fixed strings, but each fork
 * needs its own fresh store, so this shim:
 * <ol>
 *   <li>makes a fresh temp directory and writes an intentguard.yaml there (store inside it, the bench tool);</li>
 *   <li>sets up logging: {@code silent} = no host SLF4J backend and {@code -Dintentguard.log.level=warn}
 *       semantics (the agent's stderr fallback drops INFO); {@code file} = slf4j-simple on the system class
 *       path, writing to intent.log in the temp directory;</li>
 *   <li>then starts intentguard exactly as the JVM does for {@code -javaagent:intentguard-agent.jar=config=...}:
 *       the agent jar is appended to the system class path and its {@code Premain.premain} gets this JVM's
 *       {@link Instrumentation}.</li>
 * </ol>
 * The temp directory is deleted when the fork exits unless {@code -Dintentguard.bench.keep=true}.
 */
public final class ForkAgent {
    /** Big enough for every call of the new-intent benchmark in one fork (~3 M calls at ~1 us each). */
    static final long DEFAULT_MAX_INTENTS = 30_000_000L;

    private ForkAgent() {
    }

    public static void premain(String arguments, Instrumentation instrumentation) throws Exception {
        String log = arguments == null ? "silent" : arguments.replace("log=", "").trim();
        Path dir = Files.createTempDirectory("intentguard-bench-");
        Path config = dir.resolve("intentguard.yaml");
        long maxIntents = Long.getLong("intentguard.bench.max-intents", DEFAULT_MAX_INTENTS);
        Files.writeString(config, String.join("\n",
                "store:",
                "  path: " + dir.resolve("store").resolve("intents.dat"),
                "  max-intents: " + maxIntents,
                "tools:",
                "  - name: " + BenchTools.TOOL,
                "    method: " + BenchTools.METHOD,
                "    effect: side_effect",
                "    key: [orderId, amount]",
                ""), StandardCharsets.UTF_8);
        System.setProperty("intentguard.bench.dir", dir.toString());

        switch (log) {
            case "silent":
                System.setProperty("intentguard.log.level", "warn");
                break;
            case "file":
                Path slf4j = BenchPaths.hostSlf4jDir();
                instrumentation.appendToSystemClassLoaderSearch(new JarFile(slf4j.resolve("slf4j-api.jar").toFile()));
                instrumentation.appendToSystemClassLoaderSearch(new JarFile(slf4j.resolve("slf4j-simple.jar").toFile()));
                System.setProperty("org.slf4j.simpleLogger.logFile", dir.resolve("intent.log").toString());
                System.setProperty("org.slf4j.simpleLogger.showDateTime", "true");
                System.setProperty("org.slf4j.simpleLogger.dateTimeFormat", "yyyy-MM-dd'T'HH:mm:ss.SSSZ");
                break;
            default:
                throw new IllegalArgumentException("log=" + log + ": expected log=silent or log=file");
        }

        if (!Boolean.getBoolean("intentguard.bench.keep")) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> TempDirs.delete(dir), "bench-cleanup"));
        }

        Path agentJar = BenchPaths.agentJar();
        instrumentation.appendToSystemClassLoaderSearch(new JarFile(agentJar.toFile()));
        Class.forName("dev.intentguard.agent.boot.Premain", true, ClassLoader.getSystemClassLoader())
                .getMethod("premain", String.class, Instrumentation.class)
                .invoke(null, "config=" + config, instrumentation);
    }
}
