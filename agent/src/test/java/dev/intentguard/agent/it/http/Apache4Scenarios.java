package dev.intentguard.agent.it.http;

import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.RawHttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Apache HttpClient 4 classic in a host JVM with the agent (the http/apache4 plugin: called advice, an adapter for the
 * core's HTTP guard), built as vendor SDKs build it ({@code RetryExec} with the default handler, a 503 retry strategy),
 * against a provider that logs every request; each suppression claimed is shown without the agent too. Run on the
 * oldest and the newest supported version ({@link ApacheHttpClient43IT}: 4.3.6, {@link ApacheHttpClient4IT}: 4.5.14).
 */
abstract class Apache4Scenarios {
    static final String APP = "dev.intentguard.it.http.Apache4App";
    static final String TOOLS = String.join("\n",
            "tools:",
            "  - name: apache4_post",
            "    method: dev.intentguard.it.http.Apache4Tools#post",
            "    effect: side_effect",
            "  - name: apache4_delete",
            "    method: dev.intentguard.it.http.Apache4Tools#delete",
            "    effect: side_effect",
            "  - name: apache4_loop",
            "    method: dev.intentguard.it.http.Apache4Tools#postWithOwnLoop",
            "    effect: side_effect",
            "");
    static final String PENDING = "{\"status\":\"pending_unknown\",\"tool\":\"apache4_";

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

    @Test
    void eachRetryLayerSendsAWriteOnceWithTheAgentWhereTheClientOrTheToolSendsItTwiceWithout() throws Exception {
        ForkedJvm.Result without = ClientWorld.run(world.hostWithoutAgent(APP, lib(),
                "warm|/warm", "delete|D1|/reset/plain", "tool|B1|/busy/plain", "loop|L1|/slow/loop-plain"));
        assertEquals(2, world.requests("DELETE", "/reset/plain").size(), "RetryExec resends a DELETE reset on a pooled connection\n" + without);
        assertEquals(2, world.requests("POST", "/busy/plain").size(), "the 503 strategy resends the POST\n" + without);
        assertEquals(2, world.requests("POST", "/slow/loop-plain").size(), "the tool's own loop sends twice\n" + without);

        ForkedJvm.Result r = ClientWorld.run(world.host(APP, lib(),
                "warm|/warm", "delete|D1|/reset/agent", "tool|B1|/busy/agent", "loop|L1|/slow/loop-agent", "plain|/busy/outside"));

        List<RawHttpServer.Request> deletes = world.requests("DELETE", "/reset/agent");
        assertEquals(1, deletes.size(), "RetryExec's resend is stopped: " + deletes + "\n" + r);
        assertEquals(2, deletes.get(0).onConnection, "the DELETE went out on the warm, pooled connection");
        ClientWorld.assertAllKeyed(deletes, "apache4_delete", r);
        assertTrue(r.lines("RESULT delete ").get(0).startsWith(PENDING), r.toString());
        assertTrue(r.stderr.contains("suppressed a resend by httpclient4 in apache4_delete (RetryExec after"), r.stderr);
        assertTrue(r.stderr.contains("/reset/agent was sent and got no response"), "judged from the wire:\n" + r.stderr);

        List<RawHttpServer.Request> posts = world.requests("POST", "/busy/agent");
        assertEquals(1, posts.size(), "the 503 strategy's resend is stopped: " + posts + "\n" + r);
        ClientWorld.assertAllKeyed(posts, "apache4_post", r);
        assertEquals(ClientWorld.loggedKey(r.stderr, "intent", "apache4_post"), posts.get(0).header(ClientWorld.KEY));
        assertTrue(r.lines("RESULT tool ").get(0).startsWith(PENDING), r.toString());
        assertTrue(r.stderr.contains("suppressed a resend by httpclient4 in apache4_post (ServiceUnavailableRetryExec after HTTP 503)"),
                r.stderr);

        List<RawHttpServer.Request> looped = world.requests("POST", "/slow/loop-agent");
        assertEquals(1, looped.size(), "the tool's own second send is refused before it is written: " + looped + "\n" + r);
        ClientWorld.assertAllKeyed(looped, "apache4_loop", r);
        assertEquals(1, r.lines("LOOP first attempt failed: java.net.SocketTimeoutException").size(), r.toString());
        assertTrue(r.lines("RESULT loop ").get(0).startsWith(PENDING), "the model is told it may have happened\n" + r);
        assertTrue(r.stderr.contains("suppressed a resend in apache4_loop (sent again by the application or a library"), r.stderr);

        assertEquals(Collections.nCopies(6, "none"), r.lines("CALLER_REQUEST_KEY "), "each caller's request is given back as it was");
        List<RawHttpServer.Request> outside = world.requests("POST", "/busy/outside");
        assertEquals(2, outside.size(), "outside a tool the client's resend is kept: " + outside);
        assertEquals(Collections.nCopies(2, null), ClientWorld.keys(outside), "and nothing is keyed");
    }

    @Test
    void connectRefusedFailsAndTheNextCallSendsOnceWithTheSameKey() throws Exception {
        ForkedJvm.Result refused = ClientWorld.run(world.host(APP, lib(), "tool|C1|/charges/c1")
                .property("provider.url", "http://127.0.0.1:" + ClientWorld.deadPort()));
        List<String> thrown = refused.lines("THROWN tool ");
        assertEquals(1, thrown.size(), refused.toString());
        assertTrue(thrown.get(0).startsWith("org.apache.http.conn.HttpHostConnectException"), refused.toString());
        assertTrue(refused.stderr.contains(": nothing reached the server (HttpHostConnectException); the next call may try again"),
                "judged from the wire:\n" + refused.stderr);
        String key = ClientWorld.loggedKey(refused.stderr, "failed", "apache4_post");

        ForkedJvm.Result next = ClientWorld.run(world.host(APP, lib(), "tool|C1|/charges/c1"));
        assertEquals(1, next.lines("RESULT tool {\"id\"").size(), next.toString());
        List<RawHttpServer.Request> posts = world.requests("POST", "/charges/c1");
        assertEquals(1, posts.size(), posts.toString());
        assertEquals(key, posts.get(0).header(ClientWorld.KEY), "the same intent, the same key");
    }

    @Test
    void thePluginSwitchedOffByNameLeavesTheClientAloneAndAnUnknownNameIsReportedWithItsLine() throws Exception {
        world.config("  hosts: [127.0.0.1]\n  client-retries: suppress",
                "plugins:\n  httpclient4: off\n  okhttp3: off\n" + TOOLS);
        ForkedJvm.Result r = ClientWorld.run(world.host(APP, lib(), "tool|N1|/busy/off"));
        List<RawHttpServer.Request> posts = world.requests("POST", "/busy/off");
        assertEquals(2, posts.size(), "the client as it is: its 503 resend goes\n" + r);
        assertEquals(Collections.nCopies(2, null), ClientWorld.keys(posts), r.toString());
        assertFalse(r.stderr.contains("httpclient4 in apache4_post"), r.stderr);
        assertTrue(r.stderr.contains(world.config + ", line 10: plugins: \"okhttp3\" names no plugin, so nothing was switched off;"
                + " the plugins are "), r.stderr);
    }
}
