package dev.intentguard.bench.audit;

import dev.intentguard.agent.audit.AuditRecorder;
import dev.intentguard.agent.audit.CallAudit;
import dev.intentguard.agent.config.AgentConfig;
import dev.intentguard.agent.config.AuditSettings;
import dev.intentguard.agent.config.DiscoverSettings;
import dev.intentguard.agent.config.HttpSettings;
import dev.intentguard.agent.config.OnError;
import dev.intentguard.agent.config.PluginSettings;
import dev.intentguard.agent.config.ReconcileSettings;
import dev.intentguard.agent.config.StoreSettings;
import dev.intentguard.agent.wire.WireAttempt;
import dev.intentguard.agent.wire.WireLog;
import dev.intentguard.agent.wire.WireOutcome;
import dev.intentguard.bridge.CallerContext;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What the audit adds to one guarded call (issue 7): reading the caller's context, remembering the intent, counting,
 * the JFR checks (no recording runs), and queueing the journal entry for the writer thread. {@code baseline} is what
 * the call did before the audit (its wire log), so the difference is the audit's cost.
 * <ul>
 *   <li>{@code firstCall}: a new intent each time (the common case);</li>
 *   <li>{@code repeatNoContext}: the same intent again with nobody saying who called and no retry framework's mark:
 *       the repeat is unattributed;</li>
 *   <li>{@code repeatWithContext}: a repeat the caller's context decides (a new tool-call id).</li>
 * </ul>
 * {@code journal=false} leaves the writer out. At these rates the journal's bounded queue fills and entries are
 * dropped and counted (by design: the call never waits), so with the journal on this measures the offer, not the disk.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class AuditRecordingBenchmark {
    @Param({"true", "false"})
    public boolean journal;

    private Path dir;
    private AuditRecorder recorder;
    private long n;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        dir = Files.createTempDirectory("audit-bench");
        recorder = recorder(dir, dev.intentguard.agent.config.Mode.AUDIT, journal);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        recorder.close(5_000);
        delete(dir);
    }

    /** A recorder of the agent's audit as start-up makes it, its store and journal in {@code dir}, JMX off. */
    static AuditRecorder recorder(Path dir, dev.intentguard.agent.config.Mode mode, boolean journal) {
        StoreSettings store = new StoreSettings(dir.resolve("intents.dat"), 1000, Duration.ofDays(1), Duration.ofSeconds(1),
                8192, Duration.ofSeconds(1), Duration.ofSeconds(1));
        AgentConfig config = new AgentConfig(null, mode, OnError.FAIL_OPEN, store, HttpSettings.DEFAULTS,
                ReconcileSettings.DEFAULTS, List.of(), new AuditSettings(journal, 16L << 20, 4, 8192, false),
                DiscoverSettings.DEFAULTS, PluginSettings.DEFAULTS);
        return AuditRecorder.create(config);
    }

    static void delete(Path dir) throws IOException {
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    static WireLog wire(String key, WireLog.Observer observer) {
        WireLog w = observer == null ? new WireLog(key) : new WireLog(key, observer);
        w.record(new WireAttempt("okhttp", "POST 127.0.0.1:8080 /refunds", WireOutcome.RESPONSE, 200, null, 1L));
        return w;
    }

    /** A new intent's call that ran and sent one write, as the audit sees it. */
    static Object firstCall(AuditRecorder recorder, String key) {
        CallAudit audit = recorder.begin("refund_order", "side_effect", key);
        audit.resolve();
        WireLog w = wire(key, audit);
        audit.end(true, "result", "done", null, w);
        return w;
    }

    /** A repeat answered already_done without running, as the audit sees it. */
    static Object repeat(AuditRecorder recorder, String key) {
        CallAudit audit = recorder.begin("refund_order", "side_effect", key);
        audit.resolve();
        WireLog w = wire(key, audit);
        audit.end(false, "already_done", null, null, w);
        return w;
    }

    @Benchmark
    public Object baseline() {
        return wire("ig1:refund_order:" + (n++), null).verdict();
    }

    @Benchmark
    public Object firstCall() {
        return firstCall(recorder, "ig1:refund_order:" + (n++));
    }

    @Benchmark
    public Object repeatNoContext() {
        return repeat(recorder, "ig1:refund_order:same");
    }

    @Benchmark
    public Object repeatWithContext() {
        CallerContext previous = CallerContext.enter("call_" + (n++), "conversation-1", "turn-1", "bench");
        try {
            return repeat(recorder, "ig1:refund_order:same-with-context");
        } finally {
            CallerContext.exit(previous);
        }
    }
}
