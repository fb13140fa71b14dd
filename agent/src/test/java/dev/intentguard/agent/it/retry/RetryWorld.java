package dev.intentguard.agent.it.retry;

import com.fasterxml.jackson.databind.JsonNode;
import dev.intentguard.agent.audit.report.JournalReader;
import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.RawHttpServer;
import dev.intentguard.agent.testkit.RawHttpServer.Behavior;

import java.io.IOException;
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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One retry-layer test's world: a config and a store in a temp directory, a raw-socket provider on loopback
 * that logs every request with its headers, and forked host JVMs with an SDK or retry library on their class
 * path (its jars from {@code LibraryJars}). The provider's behaviour is chosen by the path's first segment:
 * <pre>
 * /err500/..       the first two requests of a path: 500 (Retry-After-Ms: 10, Retry-After: 0); then 200
 * /slow/..         answer 200 after 2.5 s (past the hosts' 1.5 s read timeout)
 * /reject-once/..  the first request of a path: 400 (a definite refusal); then 200
 * /ratelimited/..  the first request of a path: 429 with Retry-After: 1 (refused before processing); then 200
 * anything else    200
 * </pre>
 * The 200 body is {@code okBody} (an SDK parses it: a chat completion, a message, a refund).
 */
final class RetryWorld implements AutoCloseable {
    static final String KEY = "idempotency-key";
    static final String PENDING = "{\"status\":\"pending_unknown\"";

    final Path dir;
    final Path config;
    final Path store;
    final RawHttpServer provider;
    private final Map<String, AtomicInteger> hits = new ConcurrentHashMap<>();
    private volatile String okBody;

    RetryWorld(Path dir) throws IOException {
        this.dir = dir;
        this.config = dir.resolve("intentguard.yaml");
        this.store = dir.resolve("store").resolve("intents.dat");
        this.provider = new RawHttpServer().behave(this::behave);
    }

    /** The body of every 200 answer. */
    RetryWorld okBody(String json) {
        this.okBody = json;
        return this;
    }

    private Behavior behave(RawHttpServer.Request r) {
        int hit = hits.computeIfAbsent(r.method + " " + r.path, p -> new AtomicInteger()).incrementAndGet();
        Behavior ok = okBody == null ? Behavior.respond(200) : Behavior.respond(200).body(okBody);
        switch (r.path.split("/")[1]) {
            case "err500":
                return hit <= 2 ? Behavior.respond(500).header("Retry-After-Ms", "10").header("Retry-After", "0")
                        .body("{\"error\":{\"message\":\"internal\",\"type\":\"api_error\"}}") : ok;
            case "slow":
                return ok.after(2500);
            case "ratelimited":
                return hit == 1 ? Behavior.respond(429).header("Retry-After", "1") : ok;
            case "reject-once":
                return hit == 1 ? Behavior.respond(400).body("{\"error\":{\"message\":\"rejected\",\"type\":\"invalid_request_error\"}}") : ok;
            default:
                return ok;
        }
    }

    /** Writes the config: the store, {@code http:} with these lines (indented by the caller), then {@code tools}. */
    RetryWorld config(String httpLines, String tools) throws IOException {
        String text = "store:\n  path: " + store + "\n  max-intents: 10000\n  in-flight-wait: 10s\n"
                + "http:\n" + httpLines + "\n" + tools;
        Files.writeString(config, text, StandardCharsets.UTF_8);
        return this;
    }

    /** A host application with the agent and the library's {@code jars} on its class path. */
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

    /** Runs it and asserts a clean exit. */
    static ForkedJvm.Result run(ForkedJvm jvm) throws Exception {
        ForkedJvm.Result r = jvm.run(120);
        assertEquals(0, r.exitCode, r.toString());
        return r;
    }

    /**
     * The clients of the stopped ({@code suppressed}) attempts the audit journal recorded for {@code tool}'s calls, in
     * the order they were made: the library each stopped retry is attributed to.
     */
    List<String> journalStopped(String tool) throws IOException {
        List<String> clients = new ArrayList<>();
        for (JsonNode call : JournalReader.read(store.resolveSibling(store.getFileName() + ".journal"), 0).calls) {
            if (!call.path("tool").asText().equals(tool)) {
                continue;
            }
            for (JsonNode attempt : call.path("attempts")) {
                if (attempt.path("outcome").asText().equals("suppressed")) {
                    clients.add(attempt.path("client").asText());
                }
            }
        }
        return clients;
    }

    /** Requests the provider received with this method and path prefix. */
    List<RawHttpServer.Request> requests(String method, String pathPrefix) {
        return provider.requests(method, pathPrefix);
    }

    /** The key header of each of these requests (null where absent). */
    static List<String> keys(List<RawHttpServer.Request> requests) {
        return requests.stream().map(r -> r.header(KEY)).collect(Collectors.toList());
    }

    /** Every request carries the same key, the one the intent log printed for {@code tool}. */
    static void assertAllCarryTheIntentKey(List<RawHttpServer.Request> requests, ForkedJvm.Result r, String tool) {
        String key = loggedKey(r.stderr, "intent", tool);
        assertNotNull(key);
        assertEquals(Collections.nCopies(requests.size(), key), keys(requests), "every attempt carries the intent key\n" + r);
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

    /** Lines of the agent's log containing every one of {@code texts}. */
    static long logLines(ForkedJvm.Result r, String... texts) {
        return r.stderr.lines().filter(l -> java.util.Arrays.stream(texts).allMatch(l::contains)).count();
    }

    static void assertStartsWith(String prefix, String actual, Object context) {
        assertTrue(actual != null && actual.startsWith(prefix), "expected " + prefix + "... but was " + actual + "\n" + context);
    }

    @Override
    public void close() {
        provider.close();
    }
}
