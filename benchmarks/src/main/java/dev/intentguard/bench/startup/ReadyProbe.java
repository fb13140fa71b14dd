package dev.intentguard.bench.startup;

import dev.intentguard.bench.fork.TempDirs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How long the agent's background start ({@code intentguard-init}: weaver, store, JSON) takes: launches
 * {@code ToolMain linger=MS} with the agent at {@code -Dintentguard.log.level=debug} and reads the
 * {@code started in N ms} and {@code ready N ms after premain} lines.
 * {@code java -cp benchmarks.jar dev.intentguard.bench.startup.ReadyProbe [launches] [lingerMs]}.
 * Children run on {@code -Dintentguard.bench.java=PATH/bin/java} if given, else on this JVM.
 */
public final class ReadyProbe {
    private ReadyProbe() {
    }

    public static void main(String[] args) throws Exception {
        int launches = args.length > 0 ? Integer.parseInt(args[0]) : 15;
        String linger = args.length > 1 ? args[1] : "5000";
        System.out.println("children: " + ChildJvm.javaBinary() + ", " + launches + " launches per row");
        System.out.println("| config | store | n | premain median [95% CI] ms (p90) | ready median [95% CI] ms (p90) |");
        System.out.println("|---|---|---|---|---|");
        for (boolean withTool : new boolean[] {false, true}) {
            Path dir = Files.createTempDirectory("intentguard-ready-");
            try {
                Path config = ChildJvm.writeConfig(dir, withTool);
                List<String> cmd = ChildJvm.command(config, List.of("-Dintentguard.log.level=debug"),
                        "dev.intentguard.bench.app.ToolMain", "linger=" + linger);
                Path out = dir.resolve("stdout.txt");
                Path err = dir.resolve("stderr.txt");
                List<double[]> rows = new ArrayList<>();
                double[] first = {Double.NaN, Double.NaN};
                int notReady = 0;
                for (int i = 0; i <= launches; i++) {
                    Process p = new ProcessBuilder(cmd).directory(dir.toFile())
                            .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
                    if (p.waitFor() != 0) {
                        throw new IllegalStateException("child failed: " + Files.readString(err));
                    }
                    ChildJvm.Output o = ChildJvm.Output.read(out, err);
                    if (o.readyMs < 0) {
                        notReady++;                                      // not ready before the child exited
                        continue;
                    }
                    if (i == 0) {
                        first = new double[] {o.premainMs, o.readyMs};   // the launch that creates the store file
                    } else {
                        rows.add(new double[] {o.premainMs, o.readyMs});
                    }
                }
                String name = withTool ? "1 tool (ToolMain loads it)" : "no tools";
                System.out.printf(Locale.ROOT, "| %s | new file (1 launch) | 1 | %.0f | %.0f |%n", name, first[0], first[1]);
                double[] premain = StartupReport.column(rows, 0);
                double[] ready = StartupReport.column(rows, 1);
                System.out.printf(Locale.ROOT, "| %s | existing file | %d%s | %s (%.0f) | %s (%.0f) |%n", name, rows.size(),
                        notReady == 0 ? "" : " (" + notReady + " not ready within " + linger + " ms)",
                        StartupReport.medianCi(premain), StartupReport.percentile(premain, 0.9),
                        StartupReport.medianCi(ready), StartupReport.percentile(ready, 0.9));
            } finally {
                TempDirs.delete(dir);
            }
        }
    }
}
