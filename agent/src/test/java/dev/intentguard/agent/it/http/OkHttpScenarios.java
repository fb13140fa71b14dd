package dev.intentguard.agent.it.http;

import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.RawHttpServer;
import dev.intentguard.it.http.OkHttpApp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * OkHttp in a host JVM with the agent against a provider that logs every request: the key on every attempt,
 * OkHttp's own resends stopped inside side_effect tools, and nothing changed elsewhere. Each case that
 * claims a suppression runs the same script without the agent and asserts OkHttp's own count there, so the
 * test shows what the agent changed. Run once per OkHttp major version ({@link OkHttp4IT}, {@link OkHttp5IT}).
 */
abstract class OkHttpScenarios {
    static final String APP = OkHttpApp.class.getName();
    static final String TOOLS = String.join("\n",
            "tools:",
            "  - name: okhttp_post",
            "    method: dev.intentguard.it.http.OkHttpTools#post",
            "    effect: side_effect",
            "  - name: okhttp_post_own_key",
            "    method: dev.intentguard.it.http.OkHttpTools#postWithOwnKey",
            "    effect: side_effect",
            "  - name: okhttp_post_async",
            "    method: dev.intentguard.it.http.OkHttpTools#postAsync",
            "    effect: side_effect",
            "");
    static final String SUPPRESS = "  hosts: [127.0.0.1]\n  client-retries: suppress";
    static final String PENDING = "{\"status\":\"pending_unknown\",\"tool\":\"okhttp_post";

    @TempDir
    Path dir;
    ClientWorld world;

    /** The jars of the library version under test ({@link dev.intentguard.agent.testkit.LibraryJars}). */
    abstract List<String> lib();

    @BeforeEach
    void setUp() throws Exception {
        world = new ClientWorld(dir).config(SUPPRESS, TOOLS);
    }

    @AfterEach
    void tearDown() {
        world.close();
    }

    private ForkedJvm.Result withAgent(String... script) throws Exception {
        ForkedJvm.Result r = world.host(APP, lib(), script).run(90);
        assertEquals(0, r.exitCode, r.toString());
        return r;
    }

    private ForkedJvm.Result withoutAgent(String... script) throws Exception {
        ForkedJvm.Result r = world.hostWithoutAgent(APP, lib(), script).run(90);
        assertEquals(0, r.exitCode, r.toString());
        return r;
    }

    @Test
    void aResponseLatePastTheTimeoutIsOneKeyedRequestPendingUnknownAndNeverSentAgain() throws Exception {
        ForkedJvm.Result r = withAgent("tool|T1|/slow/t1", "tool|T1|/slow/t1");

        List<String> results = r.lines("RESULT tool ");
        assertEquals(2, results.size(), r.toString());
        assertTrue(results.get(0).startsWith(PENDING), r.toString());
        assertTrue(results.get(1).startsWith(PENDING), r.toString());
        List<RawHttpServer.Request> posts = world.requests("POST", "/slow/t1");
        assertEquals(1, posts.size(), "the second call must not send: " + posts);
        ClientWorld.assertAllKeyed(posts, "okhttp_post", r);
        assertEquals(ClientWorld.loggedKey(r.stderr, "intent", "okhttp_post"), posts.get(0).header(ClientWorld.KEY));
        assertTrue(r.stderr.contains("/slow/t1 was sent and got no response"), "judged from the wire:\n" + r.stderr);
    }

    @Test
    void aResetOnAPooledConnectionIsNotResentInsideATool() throws Exception {
        ForkedJvm.Result r = withAgent("warm|/warm", "tool|R1|/reset/agent");
        assertTrue(r.lines("RESULT tool ").get(0).startsWith(PENDING), r.toString());
        List<RawHttpServer.Request> posts = world.requests("POST", "/reset/agent");
        assertEquals(1, posts.size(), "with the agent: " + posts + "\n" + r);
        assertEquals(2, posts.get(0).onConnection, "the POST went out on the warm, pooled connection");
        ClientWorld.assertAllKeyed(posts, "okhttp_post", r);
        assertTrue(r.stderr.contains("suppressed a resend by okhttp in okhttp_post (retryOnConnectionFailure after"), r.stderr);
        assertTrue(r.stderr.contains("/reset/agent was sent and got no response"), r.stderr);

        ForkedJvm.Result without = withoutAgent("warm|/warm", "tool|R1|/reset/plain");
        assertEquals(1, without.lines("RESULT tool {\"id\"").size(), "the resend succeeded: " + without);
        List<RawHttpServer.Request> plain = world.requests("POST", "/reset/plain");
        assertEquals(2, plain.size(), "without the agent OkHttp silently sends it again: " + plain);
        assertEquals(List.of(2, 1), List.of(plain.get(0).onConnection, plain.get(1).onConnection));
    }

    @Test
    void followUpsOf503RetryAfterZeroAnd408AreNotResentInsideATool() throws Exception {
        ForkedJvm.Result r = withAgent("tool|U1|/unavailable/agent", "tool|U2|/timeout408/agent");
        List<String> results = r.lines("RESULT tool ");
        assertEquals(2, results.size(), r.toString());
        assertTrue(results.get(0).startsWith(PENDING), r.toString());
        assertTrue(results.get(1).startsWith(PENDING), r.toString());
        assertEquals(1, world.requests("POST", "/unavailable/agent").size(), r.toString());
        assertEquals(1, world.requests("POST", "/timeout408/agent").size(), r.toString());
        ClientWorld.assertAllKeyed(world.requests("POST", "/unavailable/agent"), "okhttp_post", r);
        assertTrue(r.stderr.contains("(follow-up of HTTP 503)"), r.stderr);
        assertTrue(r.stderr.contains("(follow-up of HTTP 408)"), r.stderr);

        ForkedJvm.Result without = withoutAgent("tool|U1|/unavailable/plain", "tool|U2|/timeout408/plain");
        assertEquals(2, without.lines("RESULT tool {\"id\"").size(), without.toString());
        assertEquals(2, world.requests("POST", "/unavailable/plain").size(), "OkHttp resends after 503 Retry-After: 0");
        assertEquals(2, world.requests("POST", "/timeout408/plain").size(), "OkHttp resends after 408");
    }

    @Test
    void connectRefusedFailsAndTheNextCallSendsOnceWithTheSameKey() throws Exception {
        ForkedJvm.Result refused = world.host(APP, lib(), "tool|C1|/charges/c1")
                .property("provider.url", "http://127.0.0.1:" + ClientWorld.deadPort()).run(90);
        List<String> thrown = refused.lines("THROWN tool ");
        assertEquals(1, thrown.size(), refused.toString());
        assertTrue(thrown.get(0).startsWith("java.net.ConnectException"), refused.toString());
        assertTrue(refused.stderr.contains(": nothing reached the server (ConnectException); the next call may try again"),
                "judged from the wire:\n" + refused.stderr);
        String key = ClientWorld.loggedKey(refused.stderr, "failed", "okhttp_post");

        ForkedJvm.Result next = withAgent("tool|C1|/charges/c1");
        assertEquals(List.of("{\"id\":\"re_1\",\"path\":\"/charges/c1\"}"), next.lines("RESULT tool "), next.toString());
        List<RawHttpServer.Request> posts = world.requests("POST", "/charges/c1");
        assertEquals(1, posts.size(), posts.toString());
        assertEquals(key, posts.get(0).header(ClientWorld.KEY), "the same intent, the same key");
    }

    @Test
    void sameKeyModeLetsOkHttpResendWithTheIdenticalKey() throws Exception {
        world.config("  hosts: [127.0.0.1]\n  client-retries: same-key", TOOLS);
        ForkedJvm.Result r = withAgent("warm|/warm", "tool|S1|/reset/same", "tool|S2|/unavailable/same");

        assertEquals(2, r.lines("RESULT tool {\"id\"").size(), r.toString());
        List<RawHttpServer.Request> reset = world.requests("POST", "/reset/same");
        assertEquals(2, reset.size(), reset.toString());
        ClientWorld.assertAllKeyed(reset, "okhttp_post", r);
        List<RawHttpServer.Request> unavailable = world.requests("POST", "/unavailable/same");
        assertEquals(2, unavailable.size(), unavailable.toString());
        ClientWorld.assertAllKeyed(unavailable, "okhttp_post", r);
        assertTrue(!reset.get(0).header(ClientWorld.KEY).equals(unavailable.get(0).header(ClientWorld.KEY)),
                "two intents, two keys");
        assertTrue(!r.stderr.contains("suppressed a resend"), r.stderr);
    }

    @Test
    void outsideAToolOrOffTheAllowlistThereIsNoKeyAndOkHttpRetriesAsUsual() throws Exception {
        ForkedJvm.Result outside = withAgent("warm|/warm", "plain|/reset/outside");
        assertEquals(1, outside.lines("RESULT plain ").size(), outside.toString());
        List<RawHttpServer.Request> plain = world.requests("POST", "/reset/outside");
        assertEquals(2, plain.size(), "OkHttp's own resend is kept outside a tool: " + plain);
        assertEquals(Collections.nCopies(2, null), ClientWorld.keys(plain));

        world.config("  hosts: [api.example.com]\n  client-retries: suppress", TOOLS);
        ForkedJvm.Result offList = withAgent("warm|/warm", "tool|O1|/reset/off-list");
        assertEquals(1, offList.lines("RESULT tool {\"id\"").size(), offList.toString());
        List<RawHttpServer.Request> off = world.requests("POST", "/reset/off-list");
        assertEquals(2, off.size(), "a host off the allowlist keeps OkHttp's resend: " + off);
        assertEquals(Collections.nCopies(2, null), ClientWorld.keys(off));
    }

    @Test
    void anEnqueuedCallCarriesTheKeyOnTheDispatcherThreadAndIsNotResent() throws Exception {
        ForkedJvm.Result r = withAgent("async|A1|/ok/async", "warm|/warm", "async|A2|/reset/async");
        List<String> results = r.lines("RESULT async ");
        assertEquals(2, results.size(), r.toString());
        assertEquals("{\"id\":\"re_1\",\"path\":\"/ok/async\"}", results.get(0));
        assertTrue(results.get(1).startsWith("{\"status\":\"pending_unknown\",\"tool\":\"okhttp_post_async\""), r.toString());
        ClientWorld.assertAllKeyed(world.requests("POST", "/ok/async"), "okhttp_post_async", r);
        List<RawHttpServer.Request> reset = world.requests("POST", "/reset/async");
        assertEquals(1, reset.size(), reset + "\n" + r);
        ClientWorld.assertAllKeyed(reset, "okhttp_post_async", r);
        assertTrue(r.stderr.contains("suppressed a resend by okhttp in okhttp_post_async"), r.stderr);
    }

    @Test
    void aKeyTheCallerSetIsReplacedOnTheWire() throws Exception {
        ForkedJvm.Result r = withAgent("own|K1|/own/k1");
        assertEquals(1, r.lines("RESULT own {\"id\"").size(), r.toString());
        List<RawHttpServer.Request> posts = world.requests("POST", "/own/k1");
        assertEquals(1, posts.size(), posts.toString());
        assertEquals(ClientWorld.loggedKey(r.stderr, "intent", "okhttp_post_own_key"), posts.get(0).header(ClientWorld.KEY),
                "the intent key replaces the caller's per-call key (one header, not two)");
    }

    @Test
    void aRedirectIsFollowedAndKeepsTheKey() throws Exception {
        ForkedJvm.Result r = withAgent("tool|D1|/redirect/d1");
        assertEquals(List.of("{\"id\":\"re_2\",\"path\":\"/redirected/d1\"}"), r.lines("RESULT tool "), r.toString());
        List<RawHttpServer.Request> first = world.requests("POST", "/redirect/d1");
        List<RawHttpServer.Request> second = world.requests("POST", "/redirected/d1");
        assertEquals(1, first.size(), r.toString());
        assertEquals(1, second.size(), "307 keeps the method and body: " + world.provider.requests());
        ClientWorld.assertAllKeyed(List.of(first.get(0), second.get(0)), "okhttp_post", r);
    }
}
