package dev.intentguard.bench.startup;

import dev.intentguard.bench.BenchPaths;
import dev.intentguard.bench.fork.TempDirs;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * The start-up comparison, interleaved: each round launches every configuration once, in a shuffled
 * order, so that load from other processes on a shared machine falls on all of them alike (JMH runs one
 * configuration after the other, which turns a change of load into a false difference). Same children
 * and same measurements as the JMH {@link Startup} benchmark; writes the same CSV rows, then the report.
 * <pre>java -cp benchmarks.jar dev.intentguard.bench.startup.StartupRounds [rounds] [csv-file]</pre>
 * A control row, {@code trivial/noop_agent}, runs the trivial app with a do-nothing {@code -javaagent}: what
 * any Java agent costs the JVM, apart from intentguard's own premain.
 * Children run on {@code -Dintentguard.bench.java=PATH/bin/java} if given, else on this JVM.
 */
public final class StartupRounds {
    private static final int WARM_UP_ROUNDS = 3;

    private StartupRounds() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        Path csvFile = Path.of(args.length > 1 ? args[1] : "startup-rounds.csv");
        String jdk = childFeatureVersion();
        Path dir = Files.createTempDirectory("intentguard-rounds-");
        try {
            List<Config> configs = new ArrayList<>();
            configs.add(new Config(dir, "trivial", "noop_agent"));
            // -Dintentguard.bench.agent.b=<jar>: a second agent jar in the same rounds (an A/B of two builds).
            String agentB = System.getProperty("intentguard.bench.agent.b");
            for (String app : new String[] {"trivial", "tool_load", "tool_call"}) {
                for (String agent : agentB == null ? new String[] {"none", "agent"} : new String[] {"none", "agent", "agent_b"}) {
                    configs.add(new Config(dir, app, agent));
                }
            }
            Random random = new Random(7);
            StringBuilder csv = new StringBuilder();
            for (int round = 0; round < WARM_UP_ROUNDS + rounds; round++) {
                List<Config> order = new ArrayList<>(configs);
                Collections.shuffle(order, random);
                for (Config c : order) {
                    long[] r = c.launch();
                    if (round >= WARM_UP_ROUNDS) {
                        csv.append(jdk).append(',').append(c.app).append(',').append(c.agent).append(',')
                                .append(r[0] / 1e6).append(',').append(r[1] / 1e6).append(',').append(r[2]).append('\n');
                    }
                }
            }
            Files.writeString(csvFile, csv, StandardCharsets.UTF_8);
            System.out.println("children: " + ChildJvm.javaBinary() + ", " + rounds + " interleaved rounds (after "
                    + WARM_UP_ROUNDS + " warm-up rounds)");
            StartupReport.main(new String[] {csvFile.toString()});
        } finally {
            TempDirs.delete(dir);
        }
    }

    private static String childFeatureVersion() throws Exception {
        Process p = new ProcessBuilder(ChildJvm.javaBinary(), "-version").redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("version \"(\\d+)").matcher(text);
        return m.find() ? m.group(1) : "?";
    }

    /** One app x agent configuration, with its own directory (config, store, output files). */
    private static final class Config {
        final String app;
        final String agent;
        final ProcessBuilder builder;
        final Path stdout;
        final Path stderr;

        Config(Path parent, String app, String agent) throws Exception {
            this.app = app;
            this.agent = agent;
            Path dir = Files.createDirectories(parent.resolve(String.format(Locale.ROOT, "%s-%s", app, agent)));
            Path config = agent.startsWith("agent") ? ChildJvm.writeConfig(dir, !app.equals("trivial")) : null;
            List<String> cmd = agent.equals("agent_b")
                    ? ChildJvm.command("-javaagent:" + System.getProperty("intentguard.bench.agent.b") + "=config=" + config,
                            List.of(), "dev.intentguard.bench.app." + (app.equals("trivial") ? "TrivialMain" : "ToolMain"),
                            app.equals("tool_call") ? new String[] {"call"} : new String[0])
                    : agent.equals("noop_agent")
                    ? ChildJvm.command("-javaagent:" + BenchPaths.noopAgentJar(), List.of(), "dev.intentguard.bench.app.TrivialMain")
                    : app.equals("trivial")
                    ? ChildJvm.command(config, List.of(), "dev.intentguard.bench.app.TrivialMain")
                    : app.equals("tool_load")
                    ? ChildJvm.command(config, List.of(), "dev.intentguard.bench.app.ToolMain")
                    : ChildJvm.command(config, List.of(), "dev.intentguard.bench.app.ToolMain", "call");
            stdout = dir.resolve("stdout.txt");
            stderr = dir.resolve("stderr.txt");
            builder = new ProcessBuilder(cmd).directory(dir.toFile())
                    .redirectOutput(stdout.toFile()).redirectError(stderr.toFile());
        }

        /** {ns to exit, ns to the first line of main, premain ms (-1 without the agent)}. */
        long[] launch() throws Exception {
            long launchedAt = System.nanoTime();
            Process p = builder.start();
            int status = p.waitFor();
            long exitedAt = System.nanoTime();
            if (status != 0) {
                throw new IllegalStateException(app + "/" + agent + " exited " + status + ": " + Files.readString(stderr));
            }
            ChildJvm.Output out = ChildJvm.Output.read(stdout, stderr);
            if (agent.startsWith("agent") && out.premainMs < 0) {
                throw new IllegalStateException("the agent did not start: " + Files.readString(stderr));
            }
            return new long[] {exitedAt - launchedAt, out.mainAtNanos - launchedAt, out.premainMs};
        }
    }
}
