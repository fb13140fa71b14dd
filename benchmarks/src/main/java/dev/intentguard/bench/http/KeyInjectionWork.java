package dev.intentguard.bench.http;

import dev.intentguard.bench.BuildPaths;
import dev.intentguard.bench.app.HttpTools;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

import java.net.URI;
import java.net.http.HttpRequest;
import java.util.concurrent.TimeUnit;

/**
 * The agent's own work per outgoing request inside a tool, without the network: one guarded {@code idempotent} call
 * whose body runs the JDK {@code HttpClient} advice's steps for {@code requests} distinct POSTs (key header, request
 * copy with the header, scope carried to the response, attempt recorded; see {@code KeyInjectionSteps}). Per
 * request = (time at requests=32 - time at requests=0) / 32: the guarded call's own cost cancels out, and 32 requests
 * make the difference large enough to stand out of a loaded machine's noise, which a single request on a ~100 us
 * loopback round trip ({@link HeaderInjection}) cannot.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Threads(1)
@State(Scope.Thread)
@Fork(value = 2, jvmArgsAppend = {"-javaagent:" + BuildPaths.BENCHMARKS_JAR + "=log=silent"})
public class KeyInjectionWork {
    static final int MAX = 32;

    @Param({"0", "32"})
    public int requests;

    private HttpTools tools;
    private HttpRequest[] prepared;
    private long call;

    @Setup(Level.Trial)
    public void setUp() {
        tools = new HttpTools(URI.create("http://127.0.0.1:9/unused"));
        prepared = new HttpRequest[MAX];
        for (int i = 0; i < MAX; i++) {
            prepared[i] = HttpRequest.newBuilder(URI.create("http://127.0.0.1:8080/v1/refunds/" + i))
                    .POST(HttpRequest.BodyPublishers.ofString("{\"amount\":4900}"))
                    .header("Content-Type", "application/json").build();
        }
        int keyed = tools.keyRequests("setup", MAX, prepared);
        if (keyed != MAX) {
            throw new IllegalStateException("the agent keyed " + keyed + " of " + MAX + " requests: is it attached?");
        }
    }

    @Benchmark
    public int keyRequests() {
        // A new intent each call would add the store's cost to both sides alike; idempotent tools do not write it.
        return tools.keyRequests("order-" + (call++ & 1023), requests, prepared);
    }
}
