package dev.intentguard.agent.testkit;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A real JVM in its own process, optionally with the agent attached by {@code -javaagent}. The JDK is
 * {@code intentguard.it.java.home} (CI runs the suite once on JDK 17 and once on JDK 25).
 */
public final class ForkedJvm {
    private final List<String> prefix = new ArrayList<>();
    private final List<String> classPath = new ArrayList<>();
    private final List<String> jvmOptions = new ArrayList<>();
    private final Map<String, String> env = new LinkedHashMap<>();
    private String agentArgs;
    private boolean withAgent;
    private String mainClass;
    private List<String> args = new ArrayList<>();
    private Path workDir;
    private String javaHome = System.getProperty("intentguard.it.java.home", System.getProperty("java.home"));

    public static ForkedJvm main(String mainClass, String... args) {
        ForkedJvm jvm = new ForkedJvm();
        jvm.mainClass = mainClass;
        jvm.args = new ArrayList<>(Arrays.asList(args));
        return jvm;
    }

    public static Path agentJar() {
        String jar = System.getProperty("intentguard.agent.jar");
        if (jar == null) {
            throw new IllegalStateException("run through Maven (failsafe sets intentguard.agent.jar)");
        }
        return Path.of(jar);
    }

    /** The test classes (where the host applications of the tests live). */
    public static String testClasses() {
        return Path.of("target", "test-classes").toAbsolutePath().toString();
    }

    public ForkedJvm agent(String arguments) {
        this.withAgent = true;
        this.agentArgs = arguments;
        return this;
    }

    public ForkedJvm classPath(String... entries) {
        classPath.addAll(Arrays.asList(entries));
        return this;
    }

    public ForkedJvm classPath(List<String> entries) {
        classPath.addAll(entries);
        return this;
    }

    public ForkedJvm option(String... options) {
        jvmOptions.addAll(Arrays.asList(options));
        return this;
    }

    public ForkedJvm property(String name, Object value) {
        jvmOptions.add("-D" + name + "=" + value);
        return this;
    }

    public ForkedJvm env(String name, String value) {
        env.put(name, value);
        return this;
    }

    /** A command the JVM runs under, e.g. {@code strace -f -o FILE}. */
    public ForkedJvm under(String... command) {
        prefix.addAll(Arrays.asList(command));
        return this;
    }

    public ForkedJvm workDir(Path dir) {
        this.workDir = dir;
        return this;
    }

    public ForkedJvm javaHome(String home) {
        this.javaHome = home;
        return this;
    }

    public List<String> command() {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.add(Path.of(javaHome, "bin", "java").toString());
        if (withAgent) {
            cmd.add("-javaagent:" + agentJar() + (agentArgs == null ? "" : "=" + agentArgs));
        }
        cmd.add("-Xshare:auto");
        // Short-lived test JVMs: the C1 compiler and the serial collector start about 40% cheaper in CPU, which on a
        // 2-core CI machine is most of the suite's time. Nothing the agent does depends on either.
        cmd.add("-XX:TieredStopAtLevel=1");
        cmd.add("-XX:+UseSerialGC");
        cmd.add("-XX:-UsePerfData");
        cmd.addAll(jvmOptions);
        if (!classPath.isEmpty()) {
            cmd.add("-cp");
            cmd.add(String.join(File.pathSeparator, classPath));
        }
        cmd.add(mainClass);
        cmd.addAll(args);
        return cmd;
    }

    /** Starts the JVM; stdout and stderr go to files in the work directory (or a temp directory). */
    public Running start() throws IOException {
        Path dir = workDir != null ? workDir : Files.createTempDirectory("forked-jvm");
        Files.createDirectories(dir);
        Path out = Files.createTempFile(dir.getParent() != null ? dir.getParent() : dir, "stdout", ".txt");
        Path err = Files.createTempFile(dir.getParent() != null ? dir.getParent() : dir, "stderr", ".txt");
        ProcessBuilder pb = new ProcessBuilder(command()).directory(dir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().putAll(env);
        return new Running(pb.start(), out, err, command());
    }

    /** Runs to the end (at most {@code seconds}). */
    public Result run(int seconds) throws IOException, InterruptedException {
        return start().await(seconds);
    }

    /** A started JVM. */
    public static final class Running {
        public final Process process;
        private final Path out;
        private final Path err;
        private final List<String> command;

        Running(Process process, Path out, Path err, List<String> command) {
            this.process = process;
            this.out = out;
            this.err = err;
            this.command = command;
        }

        public String stdout() throws IOException {
            return Files.readString(out, StandardCharsets.UTF_8);
        }

        public String stderr() throws IOException {
            return Files.readString(err, StandardCharsets.UTF_8);
        }

        public Result await(int seconds) throws IOException, InterruptedException {
            if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new AssertionError("forked JVM did not end within " + seconds + " s: " + command
                        + "\nstdout:\n" + stdout() + "\nstderr:\n" + stderr());
            }
            return new Result(process.exitValue(), stdout(), stderr(), command);
        }
    }

    /** How a forked JVM ended. */
    public static final class Result {
        public final int exitCode;
        public final String stdout;
        public final String stderr;
        private final List<String> command;

        Result(int exitCode, String stdout, String stderr, List<String> command) {
            this.exitCode = exitCode;
            this.stdout = stdout;
            this.stderr = stderr;
            this.command = command;
        }

        /** Lines of stdout starting with {@code prefix}, prefix removed. */
        public List<String> lines(String prefix) {
            return stdout.lines().filter(l -> l.startsWith(prefix)).map(l -> l.substring(prefix.length()))
                    .collect(Collectors.toList());
        }

        @Override
        public String toString() {
            return "exit " + exitCode + " of " + String.join(" ", command) + "\n--- stdout\n" + stdout + "--- stderr\n" + stderr;
        }
    }
}
