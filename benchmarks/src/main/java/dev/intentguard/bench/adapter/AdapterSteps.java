package dev.intentguard.bench.adapter;

import dev.intentguard.agent.config.AgentConfig;
import dev.intentguard.agent.config.AuditSettings;
import dev.intentguard.agent.config.DiscoverSettings;
import dev.intentguard.agent.config.HttpSettings;
import dev.intentguard.agent.config.OnError;
import dev.intentguard.agent.config.PluginSettings;
import dev.intentguard.agent.config.ReconcileSettings;
import dev.intentguard.agent.config.StoreSettings;
import dev.intentguard.agent.http.HttpGuard;
import dev.intentguard.agent.wire.WireLog;
import dev.intentguard.bridge.IntentScope;
import dev.intentguard.bridge.ToolFrame;
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

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The agent's own work per outgoing request, for each HTTP client it covers (issue 14: at most 1 us inside a tool, and
 * nothing outside one): the steps of the client's plugin, called in-process on the library's real request objects as
 * the woven advice calls them (see {@link RequestSteps}), against the core's {@code HttpGuard}. {@code where}:
 * <ul>
 *   <li>{@code none}: the library's objects prepared as the client prepares them, no agent step: the baseline;</li>
 *   <li>{@code outside}: the same plus every agent step, with no tool running (each returns after one ThreadLocal
 *       read);</li>
 *   <li>{@code inside}: the same inside a guarded side-effect call: key, exchange, attempt recorded, exchange ended.
 *       The call's wire record starts afresh every 16 requests, as a tool call's does.</li>
 * </ul>
 * The agent's added work is {@code inside - none} (and {@code outside - none} when no tool runs). The
 * {@code invokedynamic} that links woven code to the advice is not in it: after linking it is a constant call site the
 * JIT inlines. Run in-process:
 * {@code java -cp benchmarks/target/benchmarks.jar:$(cat benchmarks/target/agent-classpath.txt) org.openjdk.jmh.Main AdapterSteps}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {"--add-exports", "java.base/sun.net.www=ALL-UNNAMED"})
public class AdapterSteps {
    @Param({"jdk", "urlconnection", "okhttp", "apache5", "apache4", "jetty", "reactornetty"})
    public String client;

    @Param({"none", "outside", "inside"})
    public String where;

    private RequestSteps steps;
    private BenchFrame frame;
    private ToolFrame previous;
    private int n;

    /** A guarded side-effect call as the HTTP plugins see it: its name, key and wire record. */
    static final class BenchFrame extends ToolFrame {
        WireLog wire = new WireLog("ig1:bench_refund:0123456789abcdef0123456789abcdef0123456789a");

        @Override
        public boolean skipBody() {
            return false;
        }

        @Override
        public String toolName() {
            return "bench_refund";
        }

        @Override
        public String intentKey() {
            return "ig1:bench_refund:0123456789abcdef0123456789abcdef0123456789a";
        }

        @Override
        public boolean sideEffect() {
            return true;
        }

        @Override
        public Object wire() {
            return wire;
        }

        @Override
        protected void exit(Object returned, Throwable thrown) {
        }
    }

    @Setup(Level.Trial)
    public void setUp() throws Throwable {
        StoreSettings store = new StoreSettings(Path.of("unused.dat"), 1000, Duration.ofDays(1), Duration.ofSeconds(1),
                8192, Duration.ofSeconds(1), Duration.ofSeconds(1));
        new HttpGuard(new AgentConfig(null, dev.intentguard.agent.config.Mode.ENFORCE, OnError.FAIL_OPEN, store,
                HttpSettings.DEFAULTS, ReconcileSettings.DEFAULTS, List.of(), AuditSettings.DEFAULTS,
                DiscoverSettings.DEFAULTS, PluginSettings.DEFAULTS))
                .install();
        boolean agent = !where.equals("none");
        switch (client) {
            case "jdk":
                steps = new dev.intentguard.agent.http.jdk.JdkSteps(agent);
                break;
            case "urlconnection":
                steps = new dev.intentguard.agent.http.urlconnection.UrlConnectionSteps(agent);
                break;
            case "okhttp":
                steps = new dev.intentguard.agent.http.okhttp.OkHttpSteps(agent);
                break;
            case "apache5":
                steps = new dev.intentguard.agent.http.apache5.Apache5Steps(agent);
                break;
            case "apache4":
                steps = new dev.intentguard.agent.http.apache4.Apache4Steps(agent);
                break;
            case "jetty":
                steps = new dev.intentguard.agent.http.jetty.JettySteps(agent);
                break;
            case "reactornetty":
                steps = new dev.intentguard.agent.http.reactornetty.ReactorNettySteps(agent);
                break;
            default:
                throw new IllegalArgumentException(client);
        }
        frame = new BenchFrame();
        if (where.equals("inside")) {
            previous = IntentScope.enter(frame);
            Object first = steps.request(0);
            if (frame.wire.attempts().isEmpty()) {
                throw new IllegalStateException(client + ": the steps recorded no attempt inside a tool (" + first + ")");
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        if (where.equals("inside")) {
            IntentScope.exit(previous);
        }
        if (steps instanceof AutoCloseable) {
            ((AutoCloseable) steps).close();
        }
    }

    @Benchmark
    public Object request() throws Throwable {
        int i = n++;
        if ((i & 15) == 0) {
            frame.wire = new WireLog(frame.intentKey());
        }
        return steps.request(i);
    }
}
