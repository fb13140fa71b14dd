package dev.intentguard.bench.startup;

import dev.intentguard.bench.fork.TempDirs;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * JVM start-up with and without the agent: each invocation launches one child JVM
 * ({@code java [-javaagent:intentguard-agent.jar=config=...] -cp startup-app.jar ...}) and waits for it to
 * exit. The score is the time from {@code ProcessBuilder.start} to process exit.
 *
 * <ul>
 *   <li>{@code app=trivial}: {@code TrivialMain} prints one line; the config lists no tools.</li>
 *   <li>{@code app=tool_load}: {@code ToolMain} loads the configured tool class (woven as it loads).</li>
 *   <li>{@code app=tool_call}: {@code ToolMain call}: loads it and makes one guarded call, which waits
 *       for the store to open (the first call of a restarted service; the store file exists).</li>
 * </ul>
 * Each launch also yields the time to the first line of main (the child prints {@code System.nanoTime()},
 * CLOCK_MONOTONIC, comparable across processes) and the premain time the agent prints; a summary per fork
 * is printed at the end, and rows are appended to {@code -Dintentguard.bench.startup.csv=FILE} if given.
 * Children run on {@code -Dintentguard.bench.java=PATH/bin/java} if given, else on the fork's JVM.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5)
@Measurement(iterations = 40)
@Fork(2)
public class Startup {
    @Param({"trivial", "tool_load", "tool_call"})
    public String app;

    @Param({"none", "agent"})
    public String agent;

    private Path dir;
    private ProcessBuilder builder;
    private Path stdout;
    private Path stderr;
    private long launchedAt;
    private boolean measuring;
    private final List<long[]> rows = new ArrayList<>();

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        dir = Files.createTempDirectory("intentguard-startup-");
        Path config = agent.equals("agent") ? ChildJvm.writeConfig(dir, !app.equals("trivial")) : null;
        List<String> cmd = app.equals("trivial")
                ? ChildJvm.command(config, List.of(), "dev.intentguard.bench.app.TrivialMain")
                : app.equals("tool_load")
                ? ChildJvm.command(config, List.of(), "dev.intentguard.bench.app.ToolMain")
                : ChildJvm.command(config, List.of(), "dev.intentguard.bench.app.ToolMain", "call");
        stdout = dir.resolve("stdout.txt");
        stderr = dir.resolve("stderr.txt");
        builder = new ProcessBuilder(cmd).directory(dir.toFile())
                .redirectOutput(stdout.toFile()).redirectError(stderr.toFile());
    }

    @Setup(Level.Iteration)
    public void iteration(org.openjdk.jmh.infra.IterationParams params) {
        measuring = params.getType() == org.openjdk.jmh.runner.IterationType.MEASUREMENT;
    }

    @Benchmark
    public int launch() throws Exception {
        launchedAt = System.nanoTime();
        Process p = builder.start();
        int status = p.waitFor();
        if (status != 0) {
            throw new IllegalStateException("child exited " + status + ": " + Files.readString(stderr));
        }
        return status;
    }

    @TearDown(Level.Invocation)
    public void record() throws IOException {
        long exitedAt = System.nanoTime();
        ChildJvm.Output out = ChildJvm.Output.read(stdout, stderr);
        if (agent.equals("agent") && out.premainMs < 0) {
            throw new IllegalStateException("the agent did not start: " + Files.readString(stderr));
        }
        if (measuring) {
            rows.add(new long[] {exitedAt - launchedAt, out.mainAtNanos - launchedAt, out.premainMs});
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        String jdk = Runtime.version().feature() + "";
        StringBuilder csv = new StringBuilder();
        for (long[] r : rows) {
            csv.append(jdk).append(',').append(app).append(',').append(agent).append(',')
                    .append(r[0] / 1e6).append(',').append(r[1] / 1e6).append(',').append(r[2]).append('\n');
        }
        String file = System.getProperty("intentguard.bench.startup.csv");
        if (file != null) {
            Files.writeString(Path.of(file), csv, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        }
        System.out.println();
        System.out.println(StartupReport.summary("JDK " + jdk + " app=" + app + " agent=" + agent + " (this fork)",
                StartupReport.parse(csv.toString())));
        TempDirs.delete(dir);
    }
}
