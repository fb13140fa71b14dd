package dev.intentguard.bench.startup;

import dev.intentguard.bench.BenchPaths;
import dev.intentguard.bench.fork.TempDirs;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * Start-up on a real application (issue 14): the Spring Boot 4 + Spring AI service of {@code benchmarks/spring-ai-app}
 * (thousands of classes: Spring, Tomcat, Spring AI with its OpenAI client, RestClient and WebClient on Reactor Netty,
 * Actuator), launched as {@code java -jar spring-ai-app.jar exit} without and with
 * {@code -javaagent:intentguard-agent.jar=config=...} (its tools guarded: the config names the refund tool, Spring AI's
 * {@code @Tool} discovery is on), in interleaved rounds in shuffled order. Per launch: the wall time from
 * {@code ProcessBuilder.start()} to the application's {@code READY} line (printed on {@code ApplicationReadyEvent}),
 * the process CPU time at that moment, and the JVM's classes loaded. Reports medians, their 95% intervals (order
 * statistics) and what the agent adds.
 * <pre>java -cp benchmarks.jar dev.intentguard.bench.startup.SpringBootStartup APP_JAR [rounds] [csv-file]</pre>
 * Children run on {@code -Dintentguard.bench.java=PATH/bin/java} if given, else on this JVM; with
 * {@code -Dintentguard.bench.agent.b=<jar>[:<jar>...]} more agent jars run in the same rounds (an A/B of two builds;
 * {@code agent_b}, {@code agent_c}...). Each {@code -Dintentguard.bench.other.NAME=OPTIONS} (JVM options separated by
 * spaces, none containing one; paths absolute, as children run in a temporary folder) adds a row NAME launched with
 * those options instead of intentguard: a control such as {@code target/transformer-only-agent.jar}, or another
 * vendor's agent, for scale.
 */
public final class SpringBootStartup {
    private static final int WARM_UP_ROUNDS = 2;

    private SpringBootStartup() {
    }

    public static void main(String[] args) throws Exception {
        Path appJar = Path.of(args[0]).toAbsolutePath();
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 15;
        Path csvFile = Path.of(args.length > 2 ? args[2] : "spring-startup.csv");
        Path dir = Files.createTempDirectory("intentguard-spring-");
        try {
            Path config = dir.resolve("intentguard.yaml");
            Files.writeString(config, String.join("\n",
                    "store:",
                    "  path: " + dir.resolve("store").resolve("intents.dat"),
                    "discover:",
                    "  spring-ai: true",
                    "tools:",
                    "  - name: refundOrder",
                    "    method: dev.intentguard.bench.springai.RefundSupportApp$RefundTools#refundOrder",
                    "    effect: side_effect",
                    "    key: [orderId, amount]",
                    ""), StandardCharsets.UTF_8);
            // -Dintentguard.bench.agent.b=<jar>[:<jar>...]: more agent jars in the same rounds (an A/B of two builds).
            String agentB = System.getProperty("intentguard.bench.agent.b");
            List<String> names = new ArrayList<>(List.of("none", "agent"));
            List<List<String>> commands = new ArrayList<>(List.of(command(appJar),
                    command(appJar, "-javaagent:" + BenchPaths.agentJar() + "=config=" + config)));
            if (agentB != null) {
                String[] jars = agentB.split(java.io.File.pathSeparator);
                for (int i = 0; i < jars.length; i++) {
                    names.add(i == 0 ? "agent_b" : "agent_" + (char) ('b' + i));
                    commands.add(command(appJar, "-javaagent:" + jars[i] + "=config=" + config));
                }
            }
            int intentguardRows = names.size();
            for (String property : new java.util.TreeSet<>(System.getProperties().stringPropertyNames())) {
                if (property.startsWith("intentguard.bench.other.")) {
                    String name = property.substring("intentguard.bench.other.".length());
                    String options = System.getProperty(property).trim();
                    if (options.isEmpty() || names.contains(name)) {
                        throw new IllegalArgumentException("-D" + property + ": give JVM options, and a name other than "
                                + names);
                    }
                    names.add(name);
                    commands.add(command(appJar, options.split("\\s+")));
                }
            }
            List<List<double[]>> results = new ArrayList<>();
            for (int k = 0; k < names.size(); k++) {
                results.add(new ArrayList<>());
            }
            Random random = new Random(11);
            StringBuilder csv = new StringBuilder("agent,ready_ms,cpu_ms,uptime_ms,classes\n");
            for (int round = 0; round < WARM_UP_ROUNDS + rounds; round++) {
                List<Integer> order = new ArrayList<>();
                for (int k = 0; k < names.size(); k++) {
                    order.add(k);
                }
                Collections.shuffle(order, random);
                for (int k : order) {
                    double[] r = launch(commands.get(k), dir, k > 0 && k < intentguardRows);
                    if (round >= WARM_UP_ROUNDS) {
                        results.get(k).add(r);
                        csv.append(names.get(k)).append(',').append(r[0]).append(',').append(r[1])
                                .append(',').append(r[2]).append(',').append((long) r[3]).append('\n');
                    }
                }
            }
            List<double[]> without = results.get(0);
            Files.writeString(csvFile, csv, StandardCharsets.UTF_8);
            System.out.println("children: " + ChildJvm.javaBinary() + ", " + appJar.getFileName() + ", " + rounds
                    + " interleaved rounds (after " + WARM_UP_ROUNDS + " warm-up rounds); load " + load());
            System.out.println();
            for (int k = 1; k < names.size(); k++) {
                List<double[]> with = results.get(k);
                System.out.println("| " + names.get(k) + " | no agent: median [95% CI] | " + names.get(k)
                        + ": median [95% CI] | added (median of each) | added, paired by round: median [95% CI] |");
                System.out.println("|---|---|---|---|---|");
                row("time to ready (ms)", without, with, 0);
                row("process CPU at ready (ms)", without, with, 1);
                row("JVM uptime at ready (ms)", without, with, 2);
                row("classes loaded", without, with, 3);
                System.out.println();
            }
        } finally {
            TempDirs.delete(dir);
        }
    }

    private static List<String> command(Path appJar, String... options) {
        List<String> cmd = new ArrayList<>();
        cmd.add(ChildJvm.javaBinary());
        if (options != null) {
            cmd.addAll(List.of(options));
        }
        cmd.add("-Xlog:disable");
        cmd.add("-Xlog:class+load=info:file=classes.txt");
        cmd.add("-jar");
        cmd.add(appJar.toString());
        cmd.add("exit");
        return cmd;
    }

    /** {ms to READY, process CPU ms at READY, JVM uptime ms at READY, classes loaded}. */
    private static double[] launch(List<String> cmd, Path dir, boolean intentguard) throws Exception {
        Path classes = dir.resolve("classes.txt");
        Files.deleteIfExists(classes);
        long started = System.nanoTime();
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String ready = null;
        StringBuilder output = new StringBuilder();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.startsWith("READY ")) {
                    ready = line;
                    break;
                }
                output.append(line).append('\n');
            }
            long readyAt = System.nanoTime();
            if (ready == null) {
                throw new IllegalStateException("no READY line from " + String.join(" ", cmd) + ":\n" + output);
            }
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
            if (intentguard && !output.toString().contains("intentguard ")) {
                throw new IllegalStateException("the agent did not start:\n" + output);
            }
            String[] f = ready.split(" ");
            long loaded;
            try (var lines = Files.lines(classes)) {
                loaded = lines.count();
            }
            return new double[] {(readyAt - started) / 1e6, Double.parseDouble(f[1]), Double.parseDouble(f[2]), loaded};
        }
    }

    private static void row(String what, List<double[]> without, List<double[]> with, int i) {
        MedianInterval a = MedianInterval.of(column(without, i));
        MedianInterval b = MedianInterval.of(column(with, i));
        // Rounds are interleaved, so the round's own difference takes out the machine's drift between rounds.
        double[] d = new double[Math.min(without.size(), with.size())];
        for (int k = 0; k < d.length; k++) {
            d[k] = with.get(k)[i] - without.get(k)[i];
        }
        MedianInterval paired = MedianInterval.of(d);
        System.out.printf(Locale.ROOT, "| %s | %s | %s | %+.0f (%+.1f%%) | %s |%n", what, a.format("%.0f"), b.format("%.0f"),
                b.median - a.median, 100 * (b.median - a.median) / a.median, paired.format("%+.0f"));
    }

    private static double[] column(List<double[]> rows, int i) {
        double[] c = new double[rows.size()];
        for (int k = 0; k < c.length; k++) {
            c[k] = rows.get(k)[i];
        }
        return c;
    }

    private static String load() throws Exception {
        List<String> parts = Arrays.asList(Files.readString(Path.of("/proc/loadavg")).split(" "));
        return String.join(" ", Collections.unmodifiableList(parts.subList(0, 3)));
    }
}
