package dev.intentguard.agent.it.http;

import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.RawHttpServer;
import dev.intentguard.it.http.ReactorApp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Spring WebClient and Reactor Netty's HttpClient in a host JVM with the agent (the http/reactornetty plugin), each
 * with {@code retryWhen(Retry.backoff(3, ...))}, against a provider that answers 500 after processing: without the
 * agent 4 POSTs for one intent, with it 1, keyed, and the model told {@code pending_unknown}; a POST the tool does not
 * wait for is {@code pending_unknown} too, and a kept Mono subscribed after the tool is the application's. Run on the newest and the
 * oldest supported versions ({@link ReactorNetty13IT}: 1.3.7 with WebFlux 7.0.9, {@link ReactorNetty12IT}: 1.2.16 with
 * WebFlux 6.2.19).
 */
abstract class ReactorNettyScenarios {
    static final String APP = ReactorApp.class.getName();
    static final String TOOLS = String.join("\n",
            "tools:",
            "  - name: web_post",
            "    method: dev.intentguard.it.http.ReactorTools#webClientPost",
            "    effect: side_effect",
            "  - name: netty_post",
            "    method: dev.intentguard.it.http.ReactorTools#reactorPost",
            "    effect: side_effect",
            "  - name: forget_post",
            "    method: dev.intentguard.it.http.ReactorTools#webClientFireAndForget",
            "    effect: side_effect",
            "  - name: cached_post",
            "    method: dev.intentguard.it.http.ReactorTools#cachedPost",
            "    effect: side_effect",
            "");
    static final String PENDING = "{\"status\":\"pending_unknown\",\"tool\":\"";

    @TempDir
    Path dir;
    ClientWorld world;

    abstract List<String> lib();

    @BeforeEach
    void setUp() throws Exception {
        world = new ClientWorld(dir).config("  hosts: [127.0.0.1]\n  client-retries: suppress", TOOLS);
    }

    @AfterEach
    void tearDown() {
        world.close();
    }

    private static void assertKeyed(List<RawHttpServer.Request> requests, String tool, Object context) {
        List<String> keys = ClientWorld.keys(requests);
        assertTrue(keys.get(0) != null && keys.get(0).startsWith("ig1:" + tool + ":"), keys + "\n" + context);
    }

    @Test
    void aRetryWhenAroundA500SendsFourPostsWithoutTheAgentAndOneWithIt() throws Exception {
        ForkedJvm.Result without = ClientWorld.run(world.hostWithoutAgent(APP, lib(), "web|W1|/fail/plain-web", "netty|N1|/fail/plain-netty",
                "forget|F1|/slow/plain-forget"));
        assertEquals(List.of("sent"), without.lines("RESULT forget "), "without the agent the tool says it sent\n" + without);
        assertEquals(4, world.requests("POST", "/fail/plain-web").size(), "WebClient's retryWhen: 4 POSTs\n" + without);
        assertEquals(4, world.requests("POST", "/fail/plain-netty").size(), "HttpClient's retryWhen: 4 POSTs\n" + without);

        ForkedJvm.Result r = ClientWorld.run(world.host(APP, lib(), "web|W1|/fail/web", "netty|N1|/fail/netty", "web|W2|/charges/w2",
                "plain|/fail/outside", "forget|F1|/slow/forget", "cached|C1|/fail/kept", "cached-plain|/fail/kept"));
        List<RawHttpServer.Request> web = world.requests("POST", "/fail/web");
        assertEquals(1, web.size(), "the resubscriptions on the timer thread are refused: " + web + "\n" + r);
        assertKeyed(web, "web_post", r);
        assertTrue(r.lines("RESULT web ").get(0).startsWith(PENDING + "web_post"), r.toString());
        assertTrue(r.stderr.contains("suppressed a resend in web_post (sent again by the application or a library"), r.stderr);
        assertTrue(r.stderr.contains("/fail/web answered HTTP 500"), "judged from the wire:\n" + r.stderr);

        List<RawHttpServer.Request> netty = world.requests("POST", "/fail/netty");
        assertEquals(1, netty.size(), netty + "\n" + r);
        assertKeyed(netty, "netty_post", r);
        assertTrue(r.lines("RESULT netty ").get(0).startsWith(PENDING + "netty_post"), r.toString());

        List<RawHttpServer.Request> ok = world.requests("POST", "/charges/w2");
        assertEquals(1, ok.size(), ok.toString());
        assertEquals(ClientWorld.loggedKey(r.stderr, "intent", "web_post"), ClientWorld.keys(world.requests("POST", "/fail/web")).get(0));
        assertKeyed(ok, "web_post", r);
        assertEquals(1, r.lines("RESULT web {\"id\"").size(), "answered 200: the tool's own result\n" + r);

        List<RawHttpServer.Request> outside = world.requests("POST", "/fail/outside");
        assertEquals(4, outside.size(), "outside a tool the application's retry is its own: " + outside);
        assertEquals(Collections.nCopies(4, null), ClientWorld.keys(outside), "and nothing is keyed");

        List<RawHttpServer.Request> kept = world.requests("POST", "/fail/kept");
        assertEquals(2, kept.size(), "a kept Mono subscribed after the tool returned is the application's own: " + kept + "\n" + r);
        assertKeyed(kept.subList(0, 1), "cached_post", r);
        assertEquals(null, kept.get(1).header(ClientWorld.KEY), "not keyed, not refused: the tool is over\n" + r);
        assertTrue(r.lines("THROWN cached-plain java.lang.IllegalStateException: HTTP 500").size() == 1, r.toString());

        assertTrue(r.lines("RESULT forget ").get(0).startsWith(PENDING + "forget_post"),
                "a POST still under way when the tool returned: it may happen, so not done\n" + r);
        List<RawHttpServer.Request> forgotten = world.requests("POST", "/slow/forget");
        assertEquals(1, forgotten.size(), forgotten.toString());
        assertKeyed(forgotten, "forget_post", r);
    }
}
