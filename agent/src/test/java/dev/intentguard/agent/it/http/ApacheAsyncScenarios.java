package dev.intentguard.agent.it.http;

import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.RawHttpServer;
import dev.intentguard.it.http.ApacheAsyncApp;
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
 * Apache HttpClient 5's async client ({@code HttpAsyncClients.custom()}), whose retries run on its own I/O
 * reactor and scheduler threads, in a host JVM with the agent: the key on every attempt, the retries stopped
 * inside side_effect tools, the client's own count without the agent. Run once per minor version
 * ({@link ApacheHttpClient5AsyncIT}: the newest supported, {@link ApacheHttpClient53AsyncIT}: the oldest).
 */
abstract class ApacheAsyncScenarios {
    static final String APP = ApacheAsyncApp.class.getName();
    static final String TOOLS = String.join("\n",
            "tools:",
            "  - name: async_post",
            "    method: dev.intentguard.it.http.ApacheAsyncTools#post",
            "    effect: side_effect",
            "  - name: async_put",
            "    method: dev.intentguard.it.http.ApacheAsyncTools#put",
            "    effect: side_effect",
            "");
    static final String PENDING = "{\"status\":\"pending_unknown\",\"tool\":\"async_";

    @TempDir
    Path dir;
    ClientWorld world;

    /** The jars of the library version under test ({@link dev.intentguard.agent.testkit.LibraryJars}). */
    abstract List<String> lib();

    @BeforeEach
    void setUp() throws Exception {
        world = new ClientWorld(dir).config("  hosts: [127.0.0.1]\n  client-retries: suppress", TOOLS);
    }

    @AfterEach
    void tearDown() {
        world.close();
    }

    private ForkedJvm.Result withAgent(String... script) throws Exception {
        ForkedJvm.Result r = world.host(APP, lib(), script).property("provider.timeout.ms", ApacheClassicScenarios.TIMEOUT_MS).run(90);
        assertEquals(0, r.exitCode, r.toString());
        return r;
    }

    private ForkedJvm.Result withoutAgent(String... script) throws Exception {
        ForkedJvm.Result r = world.hostWithoutAgent(APP, lib(), script).property("provider.timeout.ms", ApacheClassicScenarios.TIMEOUT_MS)
                .run(90);
        assertEquals(0, r.exitCode, r.toString());
        return r;
    }

    @Test
    void aPostAnswered503IsSentOnceWithTheAgentAndTwiceWithout() throws Exception {
        ForkedJvm.Result r = withAgent("tool|B1|/busy/agent");
        assertTrue(r.lines("RESULT tool ").get(0).startsWith(PENDING), r.toString());
        List<RawHttpServer.Request> posts = world.requests("POST", "/busy/agent");
        assertEquals(1, posts.size(), "with the agent: " + posts + "\n" + r);
        ClientWorld.assertAllKeyed(posts, "async_post", r);
        assertEquals(ClientWorld.loggedKey(r.stderr, "intent", "async_post"), posts.get(0).header(ClientWorld.KEY));
        assertTrue(r.stderr.contains("suppressed a resend by httpclient5 in async_post (HttpRequestRetryExec after HTTP 503)"),
                r.stderr);
        assertTrue(r.stderr.contains("/busy/agent answered HTTP 503"), "judged from the wire:\n" + r.stderr);

        ForkedJvm.Result without = withoutAgent("tool|B1|/busy/plain");
        assertEquals(1, without.lines("RESULT tool {\"id\"").size(), "the client's retry succeeded: " + without);
        assertEquals(2, world.requests("POST", "/busy/plain").size(), "the async client resends a POST after 503");
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
        ClientWorld.assertAllKeyed(posts, "async_post", r);
        assertTrue(r.stderr.contains("/slow/t1 was sent and got no response"), "judged from the wire:\n" + r.stderr);
    }

    @Test
    void connectRefusedFailsAndTheNextCallSendsOnceWithTheSameKey() throws Exception {
        ForkedJvm.Result refused = world.host(APP, lib(), "tool|C1|/charges/c1")
                .property("provider.url", "http://127.0.0.1:" + ClientWorld.deadPort()).run(90);
        assertEquals(1, refused.lines("THROWN tool ").size(), refused.toString());
        String key = ClientWorld.loggedKey(refused.stderr, "failed", "async_post");

        ForkedJvm.Result next = withAgent("tool|C1|/charges/c1");
        assertEquals(1, next.lines("RESULT tool {\"id\"").size(), next.toString());
        List<RawHttpServer.Request> posts = world.requests("POST", "/charges/c1");
        assertEquals(1, posts.size(), posts.toString());
        assertEquals(key, posts.get(0).header(ClientWorld.KEY), "the same intent, the same key");
    }

    @Test
    void sameKeyModeLetsTheClientResendWithTheIdenticalKey() throws Exception {
        world.config("  hosts: [127.0.0.1]\n  client-retries: same-key", TOOLS);
        ForkedJvm.Result r = withAgent("tool|S1|/busy/same");
        assertEquals(1, r.lines("RESULT tool {\"id\"").size(), r.toString());
        List<RawHttpServer.Request> posts = world.requests("POST", "/busy/same");
        assertEquals(2, posts.size(), posts.toString());
        ClientWorld.assertAllKeyed(posts, "async_post", r);
    }

    @Test
    void outsideAToolOrOffTheAllowlistThereIsNoKeyAndTheClientRetriesAsUsual() throws Exception {
        ForkedJvm.Result outside = withAgent("plain|/busy/outside");
        assertEquals(1, outside.lines("RESULT plain ").size(), outside.toString());
        List<RawHttpServer.Request> plain = world.requests("POST", "/busy/outside");
        assertEquals(2, plain.size(), "the client's retry is kept outside a tool: " + plain);
        assertEquals(Collections.nCopies(2, null), ClientWorld.keys(plain));

        world.config("  hosts: [api.example.com]\n  client-retries: suppress", TOOLS);
        ForkedJvm.Result offList = withAgent("tool|O1|/busy/off-list");
        assertEquals(1, offList.lines("RESULT tool {\"id\"").size(), offList.toString());
        List<RawHttpServer.Request> off = world.requests("POST", "/busy/off-list");
        assertEquals(2, off.size(), "a host off the allowlist keeps the client's retry: " + off);
        assertEquals(Collections.nCopies(2, null), ClientWorld.keys(off));
    }

    @Test
    void aPutResetOnAPooledConnectionIsSentOnceWithTheAgentAndTwiceWithout() throws Exception {
        ForkedJvm.Result r = withAgent("warm|/warm", "put|P1|/reset/agent", "warm|/warm", "tool|P2|/reset/post-agent");
        assertTrue(r.lines("RESULT put ").get(0).startsWith(PENDING), r.toString());
        assertTrue(r.lines("RESULT tool ").get(0).startsWith(PENDING), r.toString());
        assertEquals(1, world.requests("POST", "/reset/post-agent").size(), "a POST reset after its body: 1 request");
        List<RawHttpServer.Request> puts = world.requests("PUT", "/reset/agent");
        assertEquals(1, puts.size(), "with the agent: " + puts + "\n" + r);
        ClientWorld.assertAllKeyed(puts, "async_put", r);
        assertTrue(r.stderr.contains("/reset/agent was sent and got no response"), r.stderr);

        ForkedJvm.Result without = withoutAgent("warm|/warm", "put|P1|/reset/plain", "warm|/warm", "tool|P2|/reset/post-plain");
        assertEquals(1, world.requests("POST", "/reset/post-plain").size(),
                "the client itself does not resend a POST after an I/O error (only idempotent methods): " + without);
        assertEquals(2, world.requests("PUT", "/reset/plain").size(), "the async client resends an idempotent method after an "
                + "I/O error: " + without);
    }
}
