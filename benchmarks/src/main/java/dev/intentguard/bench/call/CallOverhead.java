package dev.intentguard.bench.call;

import dev.intentguard.bench.app.BenchTools;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * Per-call cost of a no-op {@code side_effect} tool ({@code BenchTools#refund(String orderId, long amount)},
 * key {@code [orderId, amount]}, returns a constant String). The subclasses differ only in how their forks
 * start: {@link Baseline} without the agent, {@link AgentSilent} and {@link AgentLogged} with it (a fresh
 * persisted Chronicle store per fork, see {@code ForkAgent}).
 *
 * <ul>
 *   <li>{@code newIntent}: a new {@code amount} every call, so a new intent: key + fingerprint (canonical JSON,
 *       SHA-256), store read, write-ahead IN_FLIGHT record, intent log line, body, DONE record with the result.</li>
 *   <li>{@code sameIntent}: the same arguments every call: after the first, the {@code already_done} replay
 *       (key, store read, the status reply as JSON text); the body does not run.</li>
 * </ul>
 * Without the agent both are the bare call (plus the same argument set-up), which is the baseline.
 *
 * <p>Iterations are short (3 x 1 s warm-up, 4 x 0.25 s measured, 3 forks) so that one fork's new intents (up to
 * ~1.2 M) fit its store of 2 M ({@code ForkAgent}). One second of warm-up is not enough: the JIT is still compiling
 * Chronicle's deep call paths then (medians of 2.7-3.3 us in the next iteration, against 1.9-2.1 us once settled).
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 4, time = 250, timeUnit = TimeUnit.MILLISECONDS)
@Threads(1)
@State(Scope.Thread)
public abstract class CallOverhead {
    private BenchTools tools;
    private String orderId;
    /** The {@code amount} key argument of {@code newIntent}: a new value, so a new intent, every call. */
    private long next;

    /** Whether this class's forks start with the agent. */
    protected abstract boolean agentAttached();

    @Setup(Level.Trial)
    public void setUp() {
        tools = new BenchTools();
        orderId = "order-" + ProcessHandle.current().pid();
        next = 1_000;
        // Fail the fork if the agent is expected but does not guard the tool (it would measure the baseline).
        String first = tools.refund("setup-check", -1);
        String repeat = tools.refund("setup-check", -1);
        if (repeat.contains("already_done") != agentAttached()) {
            throw new IllegalStateException("expected the agent " + (agentAttached() ? "attached" : "absent")
                    + " but a repeated call answered " + repeat + " (first: " + first + ")");
        }
    }

    /**
     * Fails the fork if the agent stopped guarding during it (e.g. a full store makes it fail open): the
     * numbers would then be those of an unguarded call.
     */
    @TearDown(Level.Trial)
    public void checkStillGuarded() {
        String key = "teardown-check-" + next;
        tools.refund(key, -2);
        String repeat = tools.refund(key, -2);
        long newIntents = next - 1_000;
        String max = System.getProperty("intentguard.bench.max-intents.effective", "-");
        if (agentAttached()) {
            System.out.println("\n[bench] new intents recorded in this fork: " + newIntents + " (store max-intents " + max
                    + ")");
        }
        if (repeat.contains("already_done") != agentAttached()) {
            throw new IllegalStateException("the agent " + (agentAttached() ? "no longer guards the tool" : "appeared")
                    + " at the end of the fork (" + newIntents + " new intents, max-intents " + max + "): a repeat answered "
                    + repeat + "; see intent.log in -Dintentguard.bench.keep=true temp dirs");
        }
    }

    @Benchmark
    public String newIntent() {
        return tools.refund(orderId, next++);
    }

    @Benchmark
    public String sameIntent() {
        return tools.refund(orderId, 42L);
    }
}
