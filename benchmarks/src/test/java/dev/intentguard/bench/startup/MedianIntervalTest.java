package dev.intentguard.bench.startup;

import org.junit.jupiter.api.Test;

import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The median's order-statistics interval against the published ranks (exact binomial, 95%). */
class MedianIntervalTest {

    @Test
    void ranksAreTheTablesOnes() {
        // n -> lower rank j of [x(j), x(n+1-j)]: the usual tables of the sign-test interval for the median
        int[][] table = {{6, 1}, {8, 1}, {9, 2}, {12, 3}, {15, 4}, {20, 6}, {25, 8}, {30, 10}, {40, 14}, {50, 18}};
        for (int[] row : table) {
            assertEquals(row[1], MedianInterval.rank(row[0]), "n=" + row[0]);
            assertTrue(MedianInterval.coverage(row[0], row[1]) >= 0.95, "n=" + row[0]);
        }
        assertEquals(0.96484375, MedianInterval.coverage(15, 4), 1e-12, "1 - 2 * (1 + 15 + 105 + 455) / 2^15");
        assertTrue(MedianInterval.coverage(2000, MedianInterval.rank(2000)) >= 0.95, "no underflow for a large sample");
    }

    @Test
    void theIntervalIsTakenFromTheSortedSampleAndTheSampleIsLeftAsItWas() {
        double[] values = IntStream.rangeClosed(1, 15).map(i -> 16 - i).asDoubleStream().toArray();   // 15..1, unsorted
        double[] copy = values.clone();
        MedianInterval m = MedianInterval.of(values);
        assertEquals(8, m.median);
        assertEquals(4, m.low);
        assertEquals(12, m.high);
        assertEquals("8.0 [4.0, 12.0]", m.format("%.1f"));
        assertEquals(java.util.Arrays.toString(copy), java.util.Arrays.toString(values));
        assertEquals(2.5, MedianInterval.of(new double[] {4, 1, 3, 2}).median);
        assertTrue(Double.isNaN(MedianInterval.of(new double[0]).median));
    }
}
