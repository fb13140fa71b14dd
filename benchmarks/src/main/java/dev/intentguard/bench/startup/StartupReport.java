package dev.intentguard.bench.startup;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * Summarises the rows the start-up benchmark appended to {@code -Dintentguard.bench.startup.csv}:
 * {@code java -cp benchmarks.jar dev.intentguard.bench.startup.StartupReport FILE}. Columns of a row:
 * jdk, app, agent, ms to exit, ms to the first line of main, premain ms printed by the agent (-1 without).
 * Prints, per JDK and app: medians with a 95% confidence interval (order statistics), p90, and the agent's
 * added median with a 95% bootstrap interval.
 */
public final class StartupReport {
    private StartupReport() {
    }

    public static void main(String[] args) throws IOException {
        Map<String, List<double[]>> groups = parse(Files.readString(Path.of(args[0]), StandardCharsets.UTF_8));
        System.out.println("| JDK | app | agent | n | exit median [95% CI] | exit p90 | main median [95% CI] | premain median (p90) |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        for (Map.Entry<String, List<double[]>> g : groups.entrySet()) {
            String[] k = g.getKey().split(",");
            double[] exit = column(g.getValue(), 0);
            double[] main = column(g.getValue(), 1);
            double[] premain = column(g.getValue(), 2);
            System.out.printf(Locale.ROOT, "| %s | %s | %s | %d | %s | %.0f | %s | %s |%n", k[0], k[1], k[2], exit.length,
                    medianCi(exit), percentile(exit, 0.9), medianCi(main),
                    premain[0] < 0 ? "-" : String.format(Locale.ROOT, "%.0f (%.0f)", percentile(premain, 0.5),
                            percentile(premain, 0.9)));
        }
        System.out.println();
        System.out.println("| JDK | app | agent | added to exit, median [95% bootstrap CI] | added to main, median [95% bootstrap CI] |");
        System.out.println("|---|---|---|---|---|");
        for (Map.Entry<String, List<double[]>> g : groups.entrySet()) {
            String[] k = g.getKey().split(",");
            if (k[2].equals("none")) {
                continue;
            }
            List<double[]> none = groups.get(k[0] + "," + k[1] + ",none");
            if (none == null) {
                continue;
            }
            System.out.printf(Locale.ROOT, "| %s | %s | %s | %s | %s |%n", k[0], k[1], k[2],
                    deltaCi(column(g.getValue(), 0), column(none, 0)), deltaCi(column(g.getValue(), 1), column(none, 1)));
        }
    }

    private static final List<String> ORDER = List.of("trivial", "tool_load", "tool_call", "none", "noop_agent", "agent", "agent_b");

    /** Rows grouped by "jdk,app,agent" (sorted: app, then none / noop_agent / agent); each row {exit, main, premain}. */
    static Map<String, List<double[]>> parse(String csv) {
        Map<String, List<double[]>> groups = new TreeMap<>((a, b) -> {
            String[] x = a.split(",");
            String[] y = b.split(",");
            int c = x[0].compareTo(y[0]);
            for (int i = 1; c == 0 && i < 3; i++) {
                c = Integer.compare(ORDER.indexOf(x[i]), ORDER.indexOf(y[i]));
            }
            return c;
        });
        for (String line : csv.split("\n")) {
            String[] f = line.trim().split(",");
            if (f.length < 6) {
                continue;
            }
            groups.computeIfAbsent(f[0] + "," + f[1] + "," + f[2], k -> new ArrayList<>())
                    .add(new double[] {Double.parseDouble(f[3]), Double.parseDouble(f[4]), Double.parseDouble(f[5])});
        }
        return groups;
    }

    static String summary(String title, Map<String, List<double[]>> groups) {
        StringBuilder out = new StringBuilder(title).append(":\n");
        for (List<double[]> rows : groups.values()) {
            double[] exit = column(rows, 0);
            double[] main = column(rows, 1);
            double[] premain = column(rows, 2);
            out.append(String.format(Locale.ROOT, "  n=%d  exit median %s ms (p90 %.1f)  main median %s ms  premain median %s ms%n",
                    exit.length, medianCi(exit), percentile(exit, 0.9), medianCi(main),
                    premain.length == 0 || premain[0] < 0 ? "-" : String.format(Locale.ROOT, "%.0f", percentile(premain, 0.5))));
        }
        return out.toString();
    }

    static double[] column(List<double[]> rows, int i) {
        return rows.stream().mapToDouble(r -> r[i]).sorted().toArray();
    }

    static double percentile(double[] sorted, double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        double pos = p * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = (int) Math.ceil(pos);
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
    }

    /** Median and a distribution-free 95% interval ({@link MedianInterval}). */
    static String medianCi(double[] sorted) {
        return sorted.length == 0 ? "-" : MedianInterval.of(sorted).format("%.1f");
    }

    /** Difference of medians (a - b) with a 95% percentile-bootstrap interval. */
    static String deltaCi(double[] a, double[] b) {
        SplittableRandom random = new SplittableRandom(42);
        int resamples = 2000;
        double[] d = new double[resamples];
        for (int i = 0; i < resamples; i++) {
            d[i] = median(resample(a, random)) - median(resample(b, random));
        }
        Arrays.sort(d);
        return String.format(Locale.ROOT, "%+.1f ms [%+.1f, %+.1f]", percentile(a, 0.5) - percentile(b, 0.5),
                percentile(d, 0.025), percentile(d, 0.975));
    }

    private static double[] resample(double[] x, SplittableRandom random) {
        double[] r = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = x[random.nextInt(x.length)];
        }
        Arrays.sort(r);
        return r;
    }

    private static double median(double[] sorted) {
        return percentile(sorted, 0.5);
    }
}
