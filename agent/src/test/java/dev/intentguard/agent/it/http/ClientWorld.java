package dev.intentguard.agent.it.http;

import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.RawHttpServer;
import dev.intentguard.agent.testkit.RawHttpServer.Behavior;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One HTTP client test's world: a config and a store in a temp directory, a raw-socket provider on loopback
 * that logs every request with its headers, and forked host JVMs with one client library on their class path
 * (its jars from {@code LibraryJars}). The provider's behaviour is chosen by the path's first segment:
 * <pre>
 * /reset/..        read the whole request, then reset the connection when it is a reused (pooled) one;
 *                  answer 200 on a fresh connection (so a client's silent resend succeeds)
 * /slow/..         answer 200 after 2.5 s (past the hosts' 1.5 s read timeout)
 * /unavailable/..  the first request: 503 with Retry-After: 0; then 200
 * /busy/..         the first request: 503 (no Retry-After); then 200
 * /ratelimited/..  the first request: 429 with Retry-After: 1; then 200
 * /timeout408/..   the first request: 408; then 200
 * /fail/..         500, every time (after "processing" it)
 * /redirect/X      307 to /redirected/X
 * anything else    200
 * </pre>
 */
final class ClientWorld implements AutoCloseable {
    static final String KEY = "idempotency-key";

    final Path dir;
    final Path config;
    final Path store;
    final RawHttpServer provider;
    private final Map<String, AtomicInteger> hits = new ConcurrentHashMap<>();

    ClientWorld(Path dir) throws IOException {
        this.dir = dir;
        this.config = dir.resolve("intentguard.yaml");
        this.store = dir.resolve("store").resolve("intents.dat");
        this.provider = new RawHttpServer().behave(this::behave);
    }

    private Behavior behave(RawHttpServer.Request r) {
        int hit = hits.computeIfAbsent(r.method + " " + r.path, p -> new AtomicInteger()).incrementAndGet();
        String first = r.path.split("/")[1];
        switch (first) {
            case "reset":
                return r.onConnection > 1 ? Behavior.resetAfterBody() : Behavior.respond(200);
            case "slow":
                return Behavior.respond(200).after(2500);
            case "unavailable":
                return hit == 1 ? Behavior.respond(503).header("Retry-After", "0") : Behavior.respond(200);
            case "busy":
                return hit == 1 ? Behavior.respond(503) : Behavior.respond(200);
            case "ratelimited":
                return hit == 1 ? Behavior.respond(429).header("Retry-After", "1") : Behavior.respond(200);
            case "timeout408":
                return hit == 1 ? Behavior.respond(408) : Behavior.respond(200);
            case "fail":
                return Behavior.respond(500);
            case "redirect":
                return Behavior.respond(307).header("Location", r.path.replace("/redirect/", "/redirected/"));
            default:
                return Behavior.respond(200);
        }
    }

    /** Writes the config: the store, {@code http:} with these lines (indented by the caller), then {@code tools}. */
    ClientWorld config(String httpLines, String tools) throws IOException {
        String text = "store:\n  path: " + store + "\n  max-intents: 10000\n  in-flight-wait: 10s\n"
                + "http:\n" + httpLines + "\n" + tools;
        Files.writeString(config, text, StandardCharsets.UTF_8);
        return this;
    }

    /** A host application with the agent, the library's {@code jars} on its class path, talking to the provider. */
    ForkedJvm host(String mainClass, List<String> jars, String... script) {
        return hostWithoutAgent(mainClass, jars, script).agent("config=" + config);
    }

    ForkedJvm hostWithoutAgent(String mainClass, List<String> jars, String... script) {
        List<String> cp = new ArrayList<>();
        cp.add(ForkedJvm.testClasses());
        cp.addAll(jars);
        return ForkedJvm.main(mainClass, script)
                .classPath(cp.toArray(new String[0]))
                .property("provider.url", provider.url())
                // A cold forked JVM on a busy two-core CI machine took over 500 ms for its first request to a
                // provider that answers at once; /slow answers after 2,500 ms, so this still times out on it.
                .property("provider.timeout.ms", 1500)
                .workDir(dir.resolve("work"));
    }

    /** Requests the provider received with this method and path prefix. */
    List<RawHttpServer.Request> requests(String method, String pathPrefix) {
        return provider.requests(method, pathPrefix);
    }

    /** Runs a host to its end and asserts a clean exit. */
    static ForkedJvm.Result run(ForkedJvm jvm) throws Exception {
        ForkedJvm.Result r = jvm.run(90);
        assertEquals(0, r.exitCode, r.toString());
        return r;
    }

    /** At least one request, each carrying the same key, the one of an intent of {@code tool}. */
    static void assertAllKeyed(List<RawHttpServer.Request> requests, String tool, Object context) {
        List<String> keys = keys(requests);
        assertFalse(keys.isEmpty(), "no request\n" + context);
        assertNotNull(keys.get(0), "no key on " + requests + "\n" + context);
        assertTrue(keys.get(0).startsWith("ig1:" + tool + ":"), keys + "\n" + context);
        assertEquals(Collections.nCopies(keys.size(), keys.get(0)), keys, "every attempt carries the same key\n" + context);
    }

    /** The key header of each of these requests (null where absent). */
    static List<String> keys(List<RawHttpServer.Request> requests) {
        return requests.stream().map(r -> r.header(KEY)).collect(Collectors.toList());
    }

    /** A loopback port nobody listens on (connection refused). */
    static int deadPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** The key the intent log printed for {@code tool} in {@code stderr} ({@code <what> tool=T key=K...}). */
    static String loggedKey(String stderr, String what, String tool) {
        Matcher m = Pattern.compile(Pattern.quote(what + " tool=" + tool + " key=") + "(ig1:" + Pattern.quote(tool) + ":[^\\s:]+)")
                .matcher(stderr);
        if (!m.find()) {
            throw new AssertionError("no '" + what + " tool=" + tool + "' line in:\n" + stderr);
        }
        return m.group(1);
    }

    @Override
    public void close() {
        provider.close();
    }
}
