package dev.intentguard.sample;

import com.acme.support.Telemetry;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * One run of the incident: a fresh provider on 127.0.0.1, then the support service in a forked JVM, with
 * or without {@code -javaagent}, in a fresh working directory (so the agent's intent store, which the
 * config puts under {@code .intentguard/} of the working directory, starts empty every time).
 *
 * <p>Where things are comes from system properties that Maven sets: {@code intentguard.agent.jar},
 * {@code sample.config}, {@code sample.classes}, {@code sample.classpath.file} and, optionally,
 * {@code intentguard.it.java.home} (the JDK that runs the forked JVMs).
 */
public final class ScenarioRun {
    /** Where the pieces are. */
    public record Layout(Path agentJar, Path config, String classPath, Path javaHome) {
        public static Layout fromSystemProperties() throws IOException {
            Path classes = Path.of(required("sample.classes")).toAbsolutePath();
            String deps = Files.readString(Path.of(required("sample.classpath.file")), StandardCharsets.UTF_8).trim();
            String javaHome = System.getProperty("intentguard.it.java.home", System.getProperty("java.home"));
            return new Layout(Path.of(required("intentguard.agent.jar")).toAbsolutePath().normalize(),
                    Path.of(required("sample.config")).toAbsolutePath().normalize(),
                    classes + (deps.isEmpty() ? "" : File.pathSeparator + deps), Path.of(javaHome));
        }

        private static String required(String name) {
            String v = System.getProperty(name);
            if (v == null || v.isBlank()) {
                throw new IllegalStateException("system property " + name + " is not set: run through Maven "
                        + "(mvn -B -q -Pdemo -pl sample-app -am verify)");
            }
            return v;
        }
    }

    /** What one run produced. */
    public record Result(boolean withAgent, int exitCode, Telemetry.Report report, List<FakePaymentsProvider.Received> providerLog,
                         List<String> lookups, List<FakePaymentsProvider.RefundRecord> refunds, String stdout, String stderr, List<String> command,
                         long millis) {
        /** Refunds the provider made for {@code order}. */
        public long refundsFor(String order) {
            return refunds.stream().filter(r -> r.order().equals(order)).count();
        }

        /** Lookups ({@code GET /v1/refunds?order=}) the provider answered for {@code order}. */
        public long lookupsFor(String order) {
            return lookups.stream().filter(order::equals).count();
        }

        /** Lines the agent logged (its {@code intentguard.*} loggers, through the app's SLF4J or stderr). */
        public List<String> agentLog() {
            return stderr.lines().filter(l -> l.contains("intentguard")).toList();
        }

        /** The agent's start-up line and one line per guarded call ({@code intentguard.intent}). */
        public List<String> intentLog() {
            return agentLog().stream().filter(l -> l.contains("intentguard.intent") || l.contains(" started in ")).toList();
        }

        @Override
        public String toString() {
            return (withAgent ? "with" : "without") + " agent: exit " + exitCode + " of " + String.join(" ", command)
                    + "\n--- stdout\n" + stdout + "--- stderr\n" + stderr;
        }
    }

    /** The two runs the demo compares. */
    public record Pair(Result without, Result with) {
    }

    private ScenarioRun() {
    }

    /**
     * Runs the scenario without and with the agent at the same time (each with its own provider and
     * directory under {@code dir}): the run without the agent spends most of its time waiting on timeouts.
     */
    public static Pair runBoth(Layout layout, Variant variant, Path dir, int timeoutSeconds)
            throws IOException, InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<Result> without = pool.submit(() -> run(layout, false, variant, dir.resolve("without-agent"), timeoutSeconds));
            Future<Result> with = pool.submit(() -> run(layout, true, variant, dir.resolve("with-agent"), timeoutSeconds));
            return new Pair(get(without), get(with));
        } finally {
            pool.shutdownNow();
        }
    }

    private static Result get(Future<Result> future) throws IOException, InterruptedException {
        try {
            return future.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(cause);
        }
    }

    /**
     * Runs the scenario once in {@code dir} (deleted first) and waits at most {@code timeoutSeconds}.
     */
    public static Result run(Layout layout, boolean withAgent, Variant variant, Path dir,
                             int timeoutSeconds) throws IOException, InterruptedException {
        deleteRecursively(dir);
        Files.createDirectories(dir);
        Path report = dir.resolve("support-report.json");
        Path out = dir.resolve("stdout.txt");
        Path err = dir.resolve("stderr.txt");

        try (FakePaymentsProvider payments = new FakePaymentsProvider(variant.provider())) {
            List<String> command = new ArrayList<>();
            command.add(layout.javaHome().resolve("bin").resolve("java").toString());
            if (withAgent) {
                command.add("-javaagent:" + layout.agentJar().toAbsolutePath() + "=config=" + layout.config().toAbsolutePath());
            }
            command.add("-Dpayments.url=" + payments.url());
            command.add("-Dsupport.report=" + report.toAbsolutePath());
            command.add("-Dsupport.retry=" + variant.retryProperty());
            // slf4j-simple is the service's logging backend; the agent's lines go through it too.
            command.add("-Dorg.slf4j.simpleLogger.showDateTime=false");
            command.add("-cp");
            command.add(layout.classPath());
            command.add("com.acme.support.SupportDesk");

            long start = System.nanoTime();
            Process process = new ProcessBuilder(command).directory(dir.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new IllegalStateException("the support service did not finish within " + timeoutSeconds + " s: "
                        + String.join(" ", command) + "\nstdout:\n" + read(out) + "\nstderr:\n" + read(err));
            }
            long millis = (System.nanoTime() - start) / 1_000_000;
            Telemetry.Report parsed = Files.exists(report) ? Telemetry.read(report) : null;
            return new Result(withAgent, process.exitValue(), parsed, payments.log(), payments.lookups(), payments.refundsMade(), read(out), read(err),
                    List.copyOf(command), millis);
        }
    }

    /**
     * Runs the agent's report command ({@code java -jar intentguard-agent.jar report}) on the intent store a run
     * with the agent left in {@code runDir}, writing {@code format} ({@code text}, {@code json}, {@code html}) to
     * {@code target}. Returns what the command printed; throws when it failed.
     */
    public static String auditReport(Layout layout, Path runDir, String format, Path target)
            throws IOException, InterruptedException {
        Path store = runDir.resolve(".intentguard").resolve("intents.dat");
        List<String> command = List.of(layout.javaHome().resolve("bin").resolve("java").toString(), "-jar",
                layout.agentJar().toString(), "report", "--store", store.toString(), "--format", format,
                "--out", target.toAbsolutePath().toString());
        Path log = Files.createTempFile(runDir, "report-", ".txt");
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            boolean finished = process.waitFor(60, TimeUnit.SECONDS);
            if (!finished) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            String printed = read(log);
            if (!finished || process.exitValue() != 0 || !Files.exists(target)) {
                throw new IllegalStateException("the report command failed: " + String.join(" ", command) + "\n" + printed);
            }
            return printed;
        } finally {
            Files.deleteIfExists(log);
        }
    }

    private static String read(Path file) throws IOException {
        return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    }

    static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
