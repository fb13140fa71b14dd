package dev.intentguard.bench.tail;

import com.sun.management.GarbageCollectionNotificationInfo;
import dev.intentguard.bench.app.BenchTools;
import org.HdrHistogram.Histogram;

import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;

/**
 * New intents at full speed for minutes, with the store filling, making room and being swept: the tail of a call's
 * time, which JMH's short iterations do not reach (issue 20). Run in a JVM started with
 * {@code -javaagent:benchmarks.jar=log=silent} (a fresh file store of {@code -Dintentguard.bench.max-intents}, see
 * {@code ForkAgent}), one thread calling the no-op side-effect tool with a new key each time.
 *
 * <p>Every call is timed with {@code System.nanoTime()} into an HdrHistogram (3 significant digits). Calls over 1 ms
 * are kept with the second they happened in, and each of the longest is matched with the garbage collections that
 * overlap it (the JVM's own GC notifications), so that a pause is put down to the collector or to us. A second
 * thread that only sleeps 1 ms at a time and touches nothing of ours (a hiccup meter, as jHiccup does) records when it
 * woke more than 1 ms late: a slow call that overlaps such a stall was a pause of the whole JVM or machine (a
 * safepoint, the host or the scheduler), not a wait on a lock of ours.
 *
 * <p>{@code -Dintentguard.bench.tail.schedstat=true} also reads the calling thread's scheduler counters
 * ({@code /proc/thread-self/schedstat}: time on a CPU, time runnable but waiting for one) at most once a millisecond,
 * between calls, so that each of the longest calls is split into running, waiting for a CPU (preempted) and neither
 * (asleep: parked, or blocked in the kernel, as on a page fault that waits for the disk). A read costs a few
 * microseconds, once a millisecond: well under 1% of the loop.
 *
 * <pre>java -javaagent:benchmarks.jar=log=silent -cp benchmarks.jar dev.intentguard.bench.tail.TailLatency WARMUP_S MEASURE_S OUT.md</pre>
 */
public final class TailLatency {
    private static final long SLOW_NANOS = 1_000_000;
    private static final int LONGEST = 15;

    private TailLatency() {
    }

    /**
     * A collection, in milliseconds since the epoch: {@code RuntimeMXBean.getStartTime()} plus the notification's start
     * time. {@code getUptime()} counts from an earlier origin (some 50-60 ms before it on JDK 17): matched against
     * uptime, a pause seemed to happen ~60 ms before it did, and the reports before 2026-12-04 put no collection beside
     * calls that a young pause had held.
     */
    private static final class Gc {
        final String name;
        final String cause;
        final long startMillis;
        final long durationMillis;

        Gc(String name, String cause, long startMillis, long durationMillis) {
            this.name = name;
            this.cause = cause;
            this.startMillis = startMillis;
            this.durationMillis = durationMillis;
        }
    }

    /** A slow call: when (nanoTime at its start) and how long. */
    private static final class Slow {
        final long startNanos;
        final long nanos;
        /** The scheduler's split of the stretch between two reads that held this call, or null when not read. */
        long[] split;

        Slow(long startNanos, long nanos) {
            this.startNanos = startNanos;
            this.nanos = nanos;
        }
    }

    /**
     * The calling thread's scheduler counters (nanoseconds on a CPU, and runnable but waiting for one), and how much each
     * grew since the previous read. Linux only; {@link #read} returns false where the file cannot be read.
     */
    private static final class SchedStat {
        private final RandomAccessFile file;
        private final byte[] buffer = new byte[128];
        private long onCpu;
        private long waiting;
        long onCpuSince;
        long waitingSince;

        SchedStat() throws IOException {
            file = new RandomAccessFile("/proc/thread-self/schedstat", "r");
            read();
        }

        boolean read() {
            try {
                file.seek(0);
                int n = file.read(buffer);
                int[] at = {0};
                long cpu = number(n, at);
                long wait = number(n, at);
                onCpuSince = cpu - onCpu;
                waitingSince = wait - waiting;
                onCpu = cpu;
                waiting = wait;
                return true;
            } catch (IOException e) {
                return false;
            }
        }

        /** The decimal number at {@code at[0]}, which is left past it and the space after it. */
        private long number(int n, int[] at) {
            long v = 0;
            int i = at[0];
            while (i < n && buffer[i] >= '0' && buffer[i] <= '9') {
                v = v * 10 + (buffer[i++] - '0');
            }
            at[0] = i + 1;
            return v;
        }
    }

    /** Sleeps 1 ms at a time and keeps each wake-up that came more than 1 ms late (start and length in nanoTime). */
    private static final class HiccupMeter extends Thread {
        final List<Slow> stalls = new ArrayList<>();
        volatile boolean stop;

        HiccupMeter() {
            super("tail-hiccup-meter");
            setDaemon(true);
        }

        @Override
        public void run() {
            long before = System.nanoTime();
            while (!stop) {
                LockSupport.parkNanos(1_000_000);
                long after = System.nanoTime();
                long late = after - before - 1_000_000;
                if (late > SLOW_NANOS) {
                    synchronized (stalls) {
                        stalls.add(new Slow(before + 1_000_000, late));
                    }
                }
                before = after;
            }
        }

        /** The longest stall of this meter overlapping [from, to), 0 if none. */
        long longestOverlapping(long from, long to) {
            long longest = 0;
            synchronized (stalls) {
                for (Slow s : stalls) {
                    if (s.startNanos < to && s.startNanos + s.nanos > from) {
                        longest = Math.max(longest, s.nanos);
                    }
                }
            }
            return longest;
        }
    }

    public static void main(String[] args) throws Exception {
        int warmupSeconds = Integer.parseInt(args[0]);
        int measureSeconds = Integer.parseInt(args[1]);
        Path out = Path.of(args[2]);
        List<Gc> collections = new ArrayList<>();
        long vmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            ((NotificationEmitter) gc).addNotificationListener((n, h) -> {
                if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
                    GarbageCollectionNotificationInfo i = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
                    synchronized (collections) {
                        collections.add(new Gc(i.getGcName(), i.getGcCause(), vmStart + i.getGcInfo().getStartTime(),
                                i.getGcInfo().getDuration()));
                    }
                }
            }, null, null);
        }

        BenchTools tools = new BenchTools();
        String orderId = "tail-" + ProcessHandle.current().pid();
        // -Dintentguard.bench.tail.baseline=true: the same loop without the agent (the JVM's and the machine's own tail).
        boolean baseline = Boolean.getBoolean("intentguard.bench.tail.baseline");
        String first = tools.refund("setup-check", -1);
        String repeat = tools.refund("setup-check", -1);
        if (repeat.contains("already_done") == baseline) {
            throw new IllegalStateException("the agent does not guard the tool: " + first + " then " + repeat);
        }

        long next = 0;
        long warmupEnd = System.nanoTime() + warmupSeconds * 1_000_000_000L;
        while (System.nanoTime() < warmupEnd) {
            tools.refund(orderId, next++);
        }
        long warmupCalls = next;

        HiccupMeter meter = new HiccupMeter();
        meter.start();
        Histogram histogram = new Histogram(60_000_000_000L, 3);
        long[] secondMax = new long[measureSeconds + 1];
        long[] secondCalls = new long[measureSeconds + 1];
        List<Slow> slow = new ArrayList<>();
        long refused = 0;
        long other = 0;
        String firstOther = null;
        long startEpochMillis = System.currentTimeMillis();       // to match the calls with a profiler's or kernel's log
        long start = System.nanoTime();
        long end = start + measureSeconds * 1_000_000_000L;
        long t0 = start;
        SchedStat sched = Boolean.getBoolean("intentguard.bench.tail.schedstat") ? new SchedStat() : null;
        long readAt = start;
        int unsplit = 0;                                   // slow calls since the last read, the last ones of the list
        while (t0 < end) {
            String answer = tools.refund(orderId, next++);
            long t1 = System.nanoTime();
            long took = t1 - t0;
            histogram.recordValue(Math.min(took, histogram.getHighestTrackableValue()));
            int second = (int) ((t0 - start) / 1_000_000_000L);
            secondCalls[second]++;
            if (took > secondMax[second]) {
                secondMax[second] = took;
            }
            if (took > SLOW_NANOS) {
                slow.add(new Slow(t0, took));
                unsplit++;
            }
            if (sched != null && t1 - readAt >= 1_000_000 && sched.read()) {
                long wall = t1 - readAt;
                for (int k = slow.size() - unsplit; k < slow.size(); k++) {
                    slow.get(k).split = new long[] {wall, sched.onCpuSince, sched.waitingSince,
                            Math.max(0, wall - sched.onCpuSince - sched.waitingSince)};
                }
                unsplit = 0;
                readAt = System.nanoTime();                // the read is not part of the next call's time
                t1 = readAt;
            }
            if (!"ok".equals(answer)) {
                if (answer.contains("the intent store is full")) {
                    refused++;
                } else {
                    other++;
                    if (firstOther == null) {
                        firstOther = answer;
                    }
                }
            }
            t0 = t1;
        }
        long elapsed = t0 - start;
        long calls = next - warmupCalls;
        meter.stop = true;

        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "# Tail latency: new intents at full speed, %s (JDK %s)%n%n",
                baseline ? "without the agent (baseline)" : "with the agent", System.getProperty("java.version")));
        md.append(String.format(Locale.ROOT, "store max-intents %s, warm-up %d s (%d calls), measured %d s: %d calls "
                        + "(%.0f a second), %d refused as full, %d other answers%s%n%n",
                System.getProperty("intentguard.bench.max-intents.effective"), warmupSeconds, warmupCalls,
                measureSeconds, calls, calls / (elapsed / 1e9), refused, other,
                firstOther == null ? "" : " (first: " + firstOther + ")"));
        md.append(String.format(Locale.ROOT, "the measurement began at %d ms since the epoch (%s)%n%n", startEpochMillis,
                java.time.Instant.ofEpochMilli(startEpochMillis)));
        md.append("| median | p90 | p99 | p99.9 | p99.99 | p99.999 | max |\n|---|---|---|---|---|---|---|\n");
        md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s |%n%n",
                us(histogram.getValueAtPercentile(50)), us(histogram.getValueAtPercentile(90)),
                us(histogram.getValueAtPercentile(99)), us(histogram.getValueAtPercentile(99.9)),
                us(histogram.getValueAtPercentile(99.99)), us(histogram.getValueAtPercentile(99.999)),
                us(histogram.getMaxValue())));
        md.append(String.format(Locale.ROOT, "calls over 1 ms: %d; over 5 ms: %d; over 20 ms: %d%n%n", slow.size(),
                slow.stream().filter(s -> s.nanos > 5_000_000).count(), slow.stream().filter(s -> s.nanos > 20_000_000).count()));

        slow.sort((a, b) -> Long.compare(b.nanos, a.nanos));
        List<Gc> gcs;
        synchronized (collections) {
            gcs = new ArrayList<>(collections);
        }
        long gcPauseTotal = 0;
        long gcMax = 0;
        int gcCount = 0;
        for (Gc g : gcs) {
            long at = g.startMillis - startEpochMillis;
            if (at >= 0 && at <= elapsed / 1_000_000) {
                gcCount++;
                gcPauseTotal += g.durationMillis;
                gcMax = Math.max(gcMax, g.durationMillis);
            }
        }
        md.append(String.format(Locale.ROOT, "collections during the measurement: %d, %d ms in all, the longest %d ms "
                + "(GC notification durations: a concurrent cycle's duration is not a pause)%n%n", gcCount, gcPauseTotal, gcMax));
        int meterStalls;
        long meterLongest = 0;
        synchronized (meter.stalls) {
            meterStalls = meter.stalls.size();
            for (Slow s : meter.stalls) {
                meterLongest = Math.max(meterLongest, s.nanos);
            }
        }
        md.append(String.format(Locale.ROOT, "the hiccup meter (a thread sleeping 1 ms at a time, touching nothing of "
                + "the agent's) woke more than 1 ms late %d times, at worst by %s%n%n", meterStalls, us(meterLongest)));
        if (sched != null) {
            long[] most = new long[3];
            long[] sums = new long[3];
            for (Slow s : slow) {
                if (s.nanos > 5_000_000 && s.split != null) {
                    int m = s.split[1] >= s.split[2] && s.split[1] >= s.split[3] ? 0 : s.split[2] >= s.split[3] ? 1 : 2;
                    most[m]++;
                    for (int k = 0; k < 3; k++) {
                        sums[k] += s.split[k + 1];
                    }
                }
            }
            md.append(String.format(Locale.ROOT, "calls over 5 ms by what most of their stretch was: on a CPU %d, waiting "
                    + "for a CPU %d, asleep %d; the stretches summed: on a CPU %s, waiting %s, asleep %s%n%n", most[0], most[1],
                    most[2], us(sums[0]), us(sums[1]), us(sums[2])));
        }
        md.append("The longest calls (at: seconds into the measurement; the meter's stall: the longest late wake-up of "
                + "the hiccup meter overlapping the call" + (sched == null ? "" : "; the stretch between the two reads of the "
                + "thread's scheduler counters around the call, split into on a CPU / runnable, waiting for one / asleep")
                + "):\n\n| at s | took | collections overlapping it | the meter's stall |" + (sched == null ? "" : " stretch: on CPU / waiting for a CPU / asleep |")
                + "\n|---|---|---|---|" + (sched == null ? "" : "---|") + "\n");
        for (Slow s : slow.subList(0, Math.min(LONGEST, slow.size()))) {
            long fromMillis = startEpochMillis + (s.startNanos - start) / 1_000_000;
            long toMillis = fromMillis + s.nanos / 1_000_000 + 1;
            StringBuilder overlap = new StringBuilder();
            for (Gc g : gcs) {
                if (g.startMillis <= toMillis && g.startMillis + g.durationMillis + 1 >= fromMillis) {
                    overlap.append(overlap.length() == 0 ? "" : "; ").append(g.name).append(" (").append(g.cause)
                            .append(") ").append(g.durationMillis).append(" ms");
                }
            }
            long stall = meter.longestOverlapping(s.startNanos, s.startNanos + s.nanos);
            md.append(String.format(Locale.ROOT, "| %.3f | %s | %s | %s |%s%n", (s.startNanos - start) / 1e9, us(s.nanos),
                    overlap.length() == 0 ? "none" : overlap, stall == 0 ? "none" : us(stall),
                    sched == null ? "" : s.split == null ? " not read |" : String.format(Locale.ROOT, " %s: %s / %s / %s |",
                            us(s.split[0]), us(s.split[1]), us(s.split[2]), us(s.split[3]))));
        }
        md.append("\nThe slowest call of each 30-second window (calls in that window):\n\n| window | max | calls |\n|---|---|---|\n");
        for (int w = 0; w < measureSeconds; w += 30) {
            long max = 0;
            long n = 0;
            for (int s = w; s < Math.min(measureSeconds, w + 30); s++) {
                max = Math.max(max, secondMax[s]);
                n += secondCalls[s];
            }
            md.append(String.format(Locale.ROOT, "| %d-%d s | %s | %d |%n", w, Math.min(measureSeconds, w + 30), us(max), n));
        }
        write(out, md.toString());
        System.out.print(md);
        // The store's own count of what it made room for is in the agent's WARN lines on stderr.
        System.out.flush();
        System.exit(0);
    }

    private static String us(long nanos) {
        return nanos >= 1_000_000 ? String.format(Locale.ROOT, "%.2f ms", nanos / 1e6)
                : String.format(Locale.ROOT, "%.2f us", nanos / 1e3);
    }

    private static void write(Path out, String text) throws IOException {
        if (out.getParent() != null) {
            Files.createDirectories(out.getParent());
        }
        Files.writeString(out, text, StandardCharsets.UTF_8);
    }
}
