package dev.intentguard.bench.http;

import com.sun.net.httpserver.HttpServer;
import dev.intentguard.bench.app.HttpTools;
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

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What putting the intent key on outgoing requests costs, per request, on a loopback server in the fork
 * ({@code com.sun.net.httpserver}, 127.0.0.1, a fixed 2-byte answer). The subclasses differ only in how their forks
 * start ({@link HttpBaseline}: no agent; {@link HttpAgent}: the agent, see {@code ForkAgent}).
 *
 * <ul>
 *   <li>{@code jdkOutside}/{@code urlOutside}/{@code apache4Outside}: a POST outside any tool: with the agent, what the woven client costs
 *       when it has nothing to do (no scope, no header).</li>
 *   <li>{@code jdkInside}/{@code urlInside}/{@code apache4Inside}: the same POST inside an {@code idempotent} tool: the guarded call, plus
 *       the header added and the attempt recorded.</li>
 *   <li>{@code toolOnly}: the same tool shape without a request: the guarded call alone, to subtract.</li>
 * </ul>
 * Added per request inside a tool = (agent inside - agent toolOnly) - (baseline inside - baseline toolOnly).
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Threads(1)
@State(Scope.Thread)
public abstract class HeaderInjection {
    private HttpServer server;
    private HttpTools tools;
    private final AtomicReference<String> lastKey = new AtomicReference<>();

    abstract boolean agentAttached();

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        // Without TCP_NODELAY the server's separate header and body writes meet the client's delayed ACK: 40 ms a request.
        System.setProperty("sun.net.httpserver.nodelay", "true");
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        byte[] ok = "ok".getBytes(StandardCharsets.US_ASCII);
        server.createContext("/v1/refunds", exchange -> {
            try (InputStream in = exchange.getRequestBody()) {
                in.readAllBytes();
            }
            lastKey.set(exchange.getRequestHeaders().getFirst("Idempotency-Key"));
            exchange.sendResponseHeaders(200, ok.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(ok);
            }
        });
        server.start();
        tools = new HttpTools(URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/v1/refunds"));
        // Fail the fork if the agent is expected but does not put the key on the tool's requests, or puts it on
        // requests outside a tool: the numbers would be of something else.
        check("jdkInside", () -> tools.jdkPost("setup"), agentAttached());
        check("urlInside", () -> tools.urlPost("setup"), agentAttached());
        check("apache4Inside", () -> tools.apache4Post("setup"), agentAttached());
        check("apache4Outside", tools::sendApache4, false);
        check("jdkOutside", tools::sendJdk, false);
        check("urlOutside", tools::sendUrl, false);
    }

    private void check(String what, Runnable request, boolean keyExpected) {
        lastKey.set(null);
        request.run();
        String key = lastKey.get();
        if ((key != null) != keyExpected) {
            throw new IllegalStateException(what + ": expected " + (keyExpected ? "an" : "no") + " Idempotency-Key, got "
                    + key + " (agent " + (agentAttached() ? "expected" : "absent") + ")");
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        check("jdkInside at the end", () -> tools.jdkPost("teardown"), agentAttached());
        server.stop(0);
    }

    @Benchmark
    public String jdkOutside() {
        return tools.sendJdk();
    }

    @Benchmark
    public String jdkInside() {
        return tools.jdkPost("8812");
    }

    @Benchmark
    public String urlOutside() {
        return tools.sendUrl();
    }

    @Benchmark
    public String urlInside() {
        return tools.urlPost("8812");
    }

    @Benchmark
    public String apache4Outside() {
        return tools.sendApache4();
    }

    @Benchmark
    public String apache4Inside() {
        return tools.apache4Post("8812");
    }

    @Benchmark
    public String toolOnly() {
        return tools.noop("8812");
    }
}
