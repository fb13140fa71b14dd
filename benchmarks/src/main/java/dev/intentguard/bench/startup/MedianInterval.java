package dev.intentguard.bench.startup;

import java.util.Arrays;
import java.util.Locale;

/**
 * The median of a sample and a distribution-free interval for it from order statistics: {@code [x(j), x(n+1-j)]} (ranks
 * from 1), {@code j} the largest rank for which the interval covers the true median with probability at least 95%:
 * {@code 1 - 2 P(B <= j-1) >= 0.95}, {@code B ~ Binomial(n, 1/2)}, computed exactly. For a paired comparison, the sample
 * is the rounds' own differences. The start-up benchmarks all report with this one rule (before, each had its own
 * normal approximation, up to one order statistic apart at each end).
 */
final class MedianInterval {
    /** The coverage asked for. */
    static final double COVERAGE = 0.95;

    final int n;
    final double median;
    final double low;
    final double high;
    /** What the interval covers exactly (at least {@link #COVERAGE}, or less for samples under 6, where it is the range). */
    final double coverage;

    private MedianInterval(int n, double median, double low, double high, double coverage) {
        this.n = n;
        this.median = median;
        this.low = low;
        this.high = high;
        this.coverage = coverage;
    }

    /** Of {@code values} (not changed; NaN for all three when empty). */
    static MedianInterval of(double[] values) {
        double[] s = values.clone();
        Arrays.sort(s);
        int n = s.length;
        if (n == 0) {
            return new MedianInterval(0, Double.NaN, Double.NaN, Double.NaN, 0);
        }
        double median = n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
        int j = rank(n);
        return new MedianInterval(n, median, s[j - 1], s[n - j], coverage(n, j));
    }

    static MedianInterval of(java.util.List<Double> values) {
        return of(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** The largest {@code j >= 1} whose interval covers at least {@link #COVERAGE} (1 when none does). */
    static int rank(int n) {
        int j = 1;
        while (j + 1 <= (n + 1) / 2 && coverage(n, j + 1) >= COVERAGE) {
            j++;
        }
        return j;
    }

    /** {@code P(x(j) <= median <= x(n+1-j)) = 1 - 2 P(B <= j-1)}. */
    static double coverage(int n, int j) {
        double below = 0;
        double logTerm = n * Math.log(0.5);                     // P(B = 0), in logs: no underflow for large n
        for (int k = 0; k < j; k++) {
            below += Math.exp(logTerm);
            logTerm += Math.log(n - k) - Math.log(k + 1);       // P(B = k+1) from P(B = k)
        }
        return 1 - 2 * below;
    }

    /** {@code median [low, high]} with the given number format, e.g. {@code %.1f}. */
    String format(String number) {
        return String.format(Locale.ROOT, number + " [" + number + ", " + number + "]", median, low, high);
    }
}
