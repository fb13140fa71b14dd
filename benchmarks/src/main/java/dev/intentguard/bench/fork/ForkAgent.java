package dev.intentguard.bench.fork;

import dev.intentguard.bench.BenchPaths;
import dev.intentguard.bench.app.BenchTools;
import dev.intentguard.bench.app.HttpTools;

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
 *       path with its default format, writing to intent.log in the temp directory (every agent line goes
 *       there, including its errors);</li>
 *   <li>then starts intentguard exactly as the JVM does for {@code -javaagent:intentguard-agent.jar=config=...}:
 *       the agent jar is appended to the system class path and its {@code Premain.premain} gets this JVM's
 *       {@link Instrumentation}.</li>
 * </ol>
 * The temp directory is deleted when the fork exits unless {@code -Dintentguard.bench.keep=true}.
 */
public final class ForkAgent {
    /**
     * Twice the agent's default {@code store.max-intents} (1 M): one fork of the new-intent benchmark records up to
     * ~1.2 M intents ({@code CallOverhead}'s iterations are short for that reason), and a full store would change what
     * is measured (the oldest intents are removed to make room, a pause of its own). {@code CallOverhead} checks at the
     * end of each fork that the store still answers (a store that stopped answering would make the agent fail open
     * and the fork measure an unguarded call), and each fork prints how many intents it recorded.
     * {@code -Dintentguard.bench.max-intents} overrides it: a bigger map costs more per call (more cache and TLB misses
     * in its hash tables and, on a disk file system, more write faults after each write-back: 12 M gave a median of
     * 3.5 us where 1-2 M give 1.9-2.0 us, see docs/performance.md).
     */
    static final long DEFAULT_MAX_INTENTS = 2_000_000L;

    private ForkAgent() {
    }

    public static void premain(String arguments, Instrumentation instrumentation) throws Exception {
        String log = arguments == null ? "silent" : arguments.replace("log=", "").trim();
        Path dir = Files.createTempDirectory("intentguard-bench-");
        Path config = dir.resolve("intentguard.yaml");
        long maxIntents = Long.getLong("intentguard.bench.max-intents", DEFAULT_MAX_INTENTS);
        // -Dintentguard.bench.store=URL: a shared store (bench.store), in a namespace of this fork's own; finished
        // intents expire after 10 minutes (Redis TTL), and the fork drops what is left (SharedStoreCalls).
        String shared = System.getProperty("intentguard.bench.store");
        String namespace = "bench_" + ProcessHandle.current().pid();
        System.setProperty("intentguard.bench.namespace", namespace);
        Files.writeString(config, String.join("\n",
                "store:",
                shared == null ? "  path: " + dir.resolve("store").resolve("intents.dat") : "  url: \"" + shared + "\"",
                shared == null ? "  max-intents: " + maxIntents : "  namespace: " + namespace,
                shared == null ? "" : "  retention: 10m",
                // -Dintentguard.bench.retention=2s (the tail run): finished intents expire while it runs, and the
                // retention sweep (every reconcile.interval, set alike) has work to do.
                shared == null && System.getProperty("intentguard.bench.retention") != null
                        ? "  retention: " + System.getProperty("intentguard.bench.retention") : "",
                // Creating a store of millions of entries takes seconds on a loaded machine; the default 10 s
                // could make the first calls of a fork fail open (unguarded).
                "  open-timeout: 120s",
                // -Dintentguard.bench.journal=false: the audit journal off, to see what it costs the calls.
                System.getProperty("intentguard.bench.retention") != null
                        ? "reconcile:\n  interval: " + System.getProperty("intentguard.bench.retention") : "",
                "audit:",
                "  journal: " + Boolean.parseBoolean(System.getProperty("intentguard.bench.journal", "true")),
                "tools:",
                "  - name: " + BenchTools.TOOL,
                "    method: " + BenchTools.METHOD,
                "    effect: side_effect",
                "    key: [orderId, amount]",
                // The HTTP benchmark's tools (bench.http): idempotent, so each call puts the key on its request.
                "  - name: http_jdk_post",
                "    method: " + HttpTools.TYPE + "#jdkPost",
                "    effect: idempotent",
                "  - name: http_url_post",
                "    method: " + HttpTools.TYPE + "#urlPost",
                "    effect: idempotent",
                "  - name: http_apache4_post",
                "    method: " + HttpTools.TYPE + "#apache4Post",
                "    effect: idempotent",
                "  - name: http_noop",
                "    method: " + HttpTools.TYPE + "#noop",
                "    effect: idempotent",
                ""), StandardCharsets.UTF_8);
        System.setProperty("intentguard.bench.dir", dir.toString());
        System.setProperty("intentguard.bench.max-intents.effective", Long.toString(maxIntents));

        switch (log) {
            case "silent":
                System.setProperty("intentguard.log.level", "warn");
                break;
            case "file":
                Path slf4j = BenchPaths.hostSlf4jDir();
                instrumentation.appendToSystemClassLoaderSearch(new JarFile(slf4j.resolve("slf4j-api.jar").toFile()));
                instrumentation.appendToSystemClassLoaderSearch(new JarFile(slf4j.resolve("slf4j-simple.jar").toFile()));
                System.setProperty("org.slf4j.simpleLogger.logFile", dir.resolve("intent.log").toString());
                // slf4j-simple's defaults (no wall-clock date: its SimpleDateFormat alone costs ~1-2 us a line).
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
