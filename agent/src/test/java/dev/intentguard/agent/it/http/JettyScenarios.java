package dev.intentguard.agent.it.http;

import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.RawHttpServer;
import dev.intentguard.it.http.JettyApp;
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
 * Eclipse Jetty's {@code HttpClient} 12 in a host JVM with the agent (the http/jetty plugin: called advice, an adapter
 * for the core's HTTP guard), against a provider that logs every request. Jetty never resends a write whose outcome is
 * unknown by itself; it sends again after an answer (a 307 redirect), and the tool's own loop sends twice without the
 * agent. Run on the oldest and the newest supported version ({@link Jetty120IT}: 12.0.0, {@link Jetty12IT}: 12.1.14).
 */
abstract class JettyScenarios {
    static final String APP = JettyApp.class.getName();
    static final String TOOLS = String.join("\n",
            "tools:",
            "  - name: jetty_post",
            "    method: dev.intentguard.it.http.JettyTools#post",
            "    effect: side_effect",
            "  - name: jetty_loop",
            "    method: dev.intentguard.it.http.JettyTools#postWithOwnLoop",
            "    effect: side_effect",
            "  - name: jetty_forget",
            "    method: dev.intentguard.it.http.JettyTools#postAndForget",
            "    effect: side_effect",
            "  - name: jetty_wait",
            "    method: dev.intentguard.it.http.JettyTools#postAndWait",
            "    effect: side_effect",
            "");
    static final String PENDING = "{\"status\":\"pending_unknown\",\"tool\":\"jetty_";

    @TempDir
    Path dir;
    ClientWorld world;

    /** The jars of the Jetty version under test. */
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
    void theToolsOwnLoopSendsOnceWithTheAgentAndARedirectKeepsTheKey() throws Exception {
        ForkedJvm.Result without = ClientWorld.run(world.hostWithoutAgent(APP, lib(), "loop|L1|/slow/loop-plain", "tool|R1|/redirect/plain"));
        assertEquals(2, world.requests("POST", "/slow/loop-plain").size(), "the tool's own loop sends twice\n" + without);
        assertEquals(1, world.requests("POST", "/redirected/plain").size(), "Jetty follows the 307 itself\n" + without);

        ForkedJvm.Result r = ClientWorld.run(world.host(APP, lib(), "loop|L1|/slow/loop-agent", "tool|R1|/redirect/agent",
                "plain|/redirect/outside"));

        List<RawHttpServer.Request> looped = world.requests("POST", "/slow/loop-agent");
        assertEquals(1, looped.size(), "the tool's own second send is refused before it is written: " + looped + "\n" + r);
        ClientWorld.assertAllKeyed(looped, "jetty_loop", r);
        assertEquals(ClientWorld.loggedKey(r.stderr, "intent", "jetty_loop"), looped.get(0).header(ClientWorld.KEY));
        assertEquals(1, r.lines("LOOP first attempt failed: ").size(), r.toString());
        assertTrue(r.lines("RESULT loop ").get(0).startsWith(PENDING), "the model is told it may have happened\n" + r);
        assertTrue(r.stderr.contains("suppressed a resend in jetty_loop (sent again by the application or a library"), r.stderr);

        List<RawHttpServer.Request> redirected = world.requests("POST", "/redirect/agent");
        redirected.addAll(world.requests("POST", "/redirected/agent"));
        assertEquals(2, redirected.size(), "the 307 and its follow-up: " + redirected + "\n" + r);
        ClientWorld.assertAllKeyed(redirected, "jetty_post", r);
        assertEquals(1, r.lines("RESULT tool ").size(), "answered by the follow-up: done\n" + r);
        assertFalse(r.stderr.contains("pending_unknown tool=jetty_post"), "a 307 is answered by its follow-up\n" + r.stderr);

        List<RawHttpServer.Request> outside = world.requests("POST", "/redirect/outside");
        outside.addAll(world.requests("POST", "/redirected/outside"));
        assertEquals(Collections.nCopies(2, null), ClientWorld.keys(outside), "outside a tool nothing is keyed");
    }

    @Test
    void connectRefusedFailsAndTheNextCallSendsOnceWithTheSameKey() throws Exception {
        ForkedJvm.Result refused = ClientWorld.run(world.host(APP, lib(), "tool|C1|/charges/c1")
                .property("provider.url", "http://127.0.0.1:" + ClientWorld.deadPort()));
        List<String> thrown = refused.lines("THROWN tool ");
        assertEquals(1, thrown.size(), refused.toString());
        assertTrue(thrown.get(0).startsWith("java.net.ConnectException"), refused.toString());
        assertTrue(refused.stderr.contains(": nothing reached the server (ConnectException); the next call may try again"),
                "judged from the wire:\n" + refused.stderr);
        String key = ClientWorld.loggedKey(refused.stderr, "failed", "jetty_post");

        ForkedJvm.Result next = ClientWorld.run(world.host(APP, lib(), "tool|C1|/charges/c1"));
        assertEquals(1, next.lines("RESULT tool ").size(), next.toString());
        List<RawHttpServer.Request> posts = world.requests("POST", "/charges/c1");
        assertEquals(1, posts.size(), posts.toString());
        assertEquals(key, posts.get(0).header(ClientWorld.KEY), "the same intent, the same key");
    }

    @Test
    void aSendTheToolDoesNotWaitForIsUnderWayAndOneItWaitsForIsDone() throws Exception {
        ForkedJvm.Result r = ClientWorld.run(world.host(APP, lib(), "forget|F1|/slow/forget", "wait|W1|/charges/w1"));
        assertEquals(List.of("status 200"), r.lines("RESULT wait "), r.toString());
        assertFalse(r.stderr.contains("pending_unknown tool=jetty_wait"), r.stderr);
        assertTrue(r.lines("RESULT forget ").get(0).startsWith(PENDING), "returned while its POST was under way\n" + r);
        ClientWorld.assertAllKeyed(world.requests("POST", "/slow/forget"), "jetty_forget", r);
        ClientWorld.assertAllKeyed(world.requests("POST", "/charges/w1"), "jetty_wait", r);
    }

    @Test
    void aRateLimitIsRetriedByTheToolsBudgetAfterTheProvidersRetryAfter() throws Exception {
        ForkedJvm.Result without = ClientWorld.run(world.hostWithoutAgent(APP, lib(), "tool|T1|/ratelimited/plain"));
        assertEquals(1, world.requests("POST", "/ratelimited/plain").size(), without.toString());
        assertEquals(1, without.lines("THROWN tool ").size(), "without the agent the tool throws the 429\n" + without);

        // The budget's own backoff is 10 ms: a wait of a second is the provider's Retry-After, read by the Jetty
        // adapter from the answer's headers.
        world.config("  hosts: [127.0.0.1]\n  client-retries: suppress", TOOLS.replace(
                "    method: dev.intentguard.it.http.JettyTools#post\n    effect: side_effect\n",
                "    method: dev.intentguard.it.http.JettyTools#post\n    effect: side_effect\n"
                        + "    retry:\n      attempts: 3\n      backoff: 10ms\n      deadline: 10s\n"));
        ForkedJvm.Result r = ClientWorld.run(world.host(APP, lib(), "tool|T1|/ratelimited/agent"));
        List<RawHttpServer.Request> posts = world.requests("POST", "/ratelimited/agent");
        assertEquals(2, posts.size(), "the 429, then the budget's second attempt: " + posts + "\n" + r);
        ClientWorld.assertAllKeyed(posts, "jetty_post", r);
        assertTrue(r.stderr.contains("retry tool=jetty_post") && r.stderr.contains("attempt 2/3 in 1000 ms (Retry-After)"),
                "the budget waited the provider's Retry-After of 1 s, not its own 10 ms\n" + r.stderr);
        assertEquals(1, r.lines("RESULT tool ").size(), r.toString());
        assertFalse(r.lines("RESULT tool ").get(0).startsWith("{\"status\""), "the second attempt's answer\n" + r);
    }

    @Test
    void thePluginSwitchedOffByNameLeavesTheClientAlone() throws Exception {
        world.config("  hosts: [127.0.0.1]\n  client-retries: suppress", "plugins:\n  jetty-client: off\n" + TOOLS);
        ForkedJvm.Result r = ClientWorld.run(world.host(APP, lib(), "tool|N1|/charges/off"));
        List<RawHttpServer.Request> posts = world.requests("POST", "/charges/off");
        assertEquals(1, posts.size(), r.toString());
        assertEquals(Collections.singletonList(null), ClientWorld.keys(posts), r.toString());
    }
}
