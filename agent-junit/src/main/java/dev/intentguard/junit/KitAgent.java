package dev.intentguard.junit;

import javax.management.InstanceNotFoundException;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The agent in this JVM, reached through its {@code dev.intentguard:type=TestKit} MBean (JDK types only: the agent's
 * classes live in its own class loader). Loaded once per JVM: by Surefire's {@code argLine}
 * ({@code -javaagent:<jar>=config=<file>,test-kit=<folder>}) or, without it, by attaching the {@code javaagent} jar
 * that comes with this kit, through {@code java -jar <jar> attach <this pid>}.
 */
final class KitAgent {
    static final String AGENT_JAR_PROPERTY = "intentguard.agent.jar";
    private static final String MBEAN = "dev.intentguard:type=TestKit";
    private static final long START_MILLIS = Long.getLong("intentguard.kit.start.millis", 60_000);

    private static KitAgent loaded;
    private static String loadedConfig;

    private final MBeanServer server;
    private final ObjectName name;

    private KitAgent(MBeanServer server, ObjectName name) {
        this.server = server;
        this.name = name;
    }

    /**
     * The agent of this JVM, loaded with {@code config} if it is not yet ({@code config} empty: the one it was
     * started with).
     */
    static synchronized KitAgent inThisJvm(String config, Class<?> testClass) {
        if (loaded != null) {
            if (!config.isEmpty() && loadedConfig != null && !loadedConfig.equals(config)) {
                throw new IllegalStateException("intentguard is loaded in this JVM with config " + loadedConfig + ", and "
                        + testClass.getName() + " asks for " + config + ": one JVM takes one config. Run that class in a "
                        + "JVM of its own (a Surefire execution of its own, or reuseForks=false), or use the same config");
            }
            return loaded;
        }
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName name;
        try {
            name = new ObjectName(MBEAN);
        } catch (JMException e) {
            throw new IllegalStateException(e);
        }
        boolean byArgLine = startedByCommandLine();
        if (!byArgLine && !server.isRegistered(name)) {
            if (config.isEmpty()) {
                throw new IllegalStateException(testClass.getName() + ": @IntentguardTest names no config, and this JVM "
                        + "was not started with -javaagent:<intentguard-agent-javaagent.jar>=config=<file>,test-kit=<folder>: "
                        + "write @IntentguardTest(config = \"src/test/resources/intentguard.yaml\")");
            }
            attach(resolveConfig(config, testClass));
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_MILLIS);
        while (!server.isRegistered(name)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("intentguard did not start in this JVM within " + START_MILLIS + " ms"
                        + (byArgLine ? " (started by -javaagent: does its argument say test-kit=<folder>?)" : "")
                        + ": its ERROR lines above say why (a config problem turns it off for the run)");
            }
            sleep(20);
        }
        KitAgent agent = new KitAgent(server, name);
        if (!(Boolean) agent.invoke("awaitReady", new Object[] {START_MILLIS}, new String[] {"long"})) {
            throw new IllegalStateException("intentguard's intent store did not open within " + START_MILLIS
                    + " ms: its ERROR lines above say why");
        }
        loaded = agent;
        loadedConfig = byArgLine || config.isEmpty() ? null : config;   // a -javaagent's own config wins
        return agent;
    }

    /** Every intent removed from the store, the calls seen forgotten. */
    void forget() {
        invoke("forget", new Object[0], new String[0]);
    }

    @SuppressWarnings("unchecked")
    List<Map<String, Object>> calls() {
        return (List<Map<String, Object>>) invoke("calls", new Object[0], new String[0]);
    }

    private Object invoke(String operation, Object[] params, String[] signature) {
        try {
            return server.invoke(name, operation, params, signature);
        } catch (InstanceNotFoundException e) {
            throw new IllegalStateException("intentguard's TestKit MBean is gone", e);
        } catch (JMException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new IllegalStateException("intentguard's TestKit." + operation + " failed: " + cause, cause);
        }
    }

    private static boolean startedByCommandLine() {
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (arg.startsWith("-javaagent:") && arg.contains("test-kit=")) {
                return true;
            }
        }
        return false;
    }

    /** A file as given, else a class-path resource copied to a file (the agent reads a file, and watches it). */
    private static Path resolveConfig(String config, Class<?> testClass) {
        Path file = Path.of(config);
        if (Files.isRegularFile(file)) {
            return file.toAbsolutePath();
        }
        String resource = config.startsWith("/") ? config.substring(1) : config;
        try (InputStream in = testClass.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("intentguard config " + config + " is neither a file (from "
                        + Path.of("").toAbsolutePath() + ") nor a class-path resource");
            }
            Path copy = Files.createTempDirectory("intentguard-kit-config").resolve(Path.of(resource).getFileName());
            Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
            return copy;
        } catch (IOException e) {
            throw new IllegalStateException("cannot read intentguard config " + config + ": " + e, e);
        }
    }

    private static void attach(Path config) {
        Path jar = agentJar();
        Path folder;
        try {
            folder = Files.createTempDirectory("intentguard-kit");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteQuietly(folder), "intentguard-kit-cleanup"));
        } catch (IOException e) {
            throw new IllegalStateException("cannot make the kit's store folder: " + e, e);
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = List.of(java, "-jar", jar.toString(), "attach", String.valueOf(ProcessHandle.current().pid()),
                "config=" + config + ",test-kit=" + folder);
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        int status;
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getInputStream().transferTo(output);
            if (!p.waitFor(START_MILLIS, TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("attaching intentguard took over " + START_MILLIS + " ms: " + command);
            }
            status = p.exitValue();
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + command + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while attaching intentguard", e);
        }
        if (status != 0) {
            throw new IllegalStateException("attaching intentguard to this JVM failed (exit " + status + "): " + output
                    + "\n  Or load it with Surefire's argLine: -javaagent:" + jar + "=config=" + config + ",test-kit=<folder>");
        }
    }

    /**
     * The {@code -javaagent} jar: {@code -Dintentguard.agent.jar}, else the {@code intentguard-agent} jar with the
     * {@code javaagent} classifier on the class path (the kit's dependency), found by its launcher class.
     */
    static Path agentJar() {
        String property = System.getProperty(AGENT_JAR_PROPERTY);
        if (property != null && !property.isBlank()) {
            return Path.of(property).toAbsolutePath();
        }
        URL launcher = KitAgent.class.getClassLoader().getResource("dev/intentguard/agent/boot/Premain.class");
        if (launcher != null && !"jar".equals(launcher.getProtocol())) {
            throw new IllegalStateException("the intentguard agent on the test class path is not its packaged jar ("
                    + launcher + "; in a reactor build that stops before package, Maven hands out the module's classes): "
                    + "run the build to package or verify, or set -D" + AGENT_JAR_PROPERTY + "=<intentguard-agent.jar>");
        }
        if (launcher == null) {
            throw new IllegalStateException("the intentguard agent jar is not on the test class path (the dependency "
                    + "dev.intentguard:intentguard-agent:<version>:jar:javaagent, which intentguard-junit brings), and "
                    + "-D" + AGENT_JAR_PROPERTY + " is not set");
        }
        String spec = launcher.getPath();                      // file:/.../intentguard-agent-0.1.0-javaagent.jar!/dev/...
        try {
            return new File(new URL(spec.substring(0, spec.indexOf("!/"))).toURI()).toPath();
        } catch (IOException | URISyntaxException | RuntimeException e) {
            throw new IllegalStateException("cannot tell where the intentguard agent jar is (" + launcher + "): " + e, e);
        }
    }

    /** The kit's store folder at exit (the agent may still have the file mapped: unlinking it is fine on Linux). */
    private static void deleteQuietly(Path folder) {
        try (java.util.stream.Stream<Path> files = Files.walk(folder)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | RuntimeException ignored) {
            // a leftover folder in the temp dir
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for intentguard", e);
        }
    }
}
