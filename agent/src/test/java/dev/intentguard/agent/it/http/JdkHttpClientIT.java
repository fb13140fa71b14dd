package dev.intentguard.agent.it.http;

import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.RawHttpServer;
import dev.intentguard.agent.testkit.RawHttpServer.Behavior;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code java.net.http.HttpClient} with the agent, in forked JVMs (the JDK of {@code intentguard.it.java.home}),
 * against a raw HTTP/1.1 server on 127.0.0.1 that records every request with its headers.
 *
 * <p>What the JDK client resends on its own (jdk.internal.net.http.MultiExchange#getExceptionalCF): a request whose
 * connect failed (once), and a request whose HTTP/1.1 connection failed before any byte of a response
 * (ConnectionExpiredException; Http1Exchange#sendHeadersAsync arms it for fresh and pooled connections alike) if it
 * is a GET or HEAD, or any method with {@code -Djdk.httpclient.enableAllMethodRetry}. A POST that gets a reset
 * after its body is therefore not resent by default: the tests show that too.
 */
class JdkHttpClientIT {
    private static final String CHARGE = "jdkCharge|A1|4900";
    private static final String OUTSIDE_DURING_START = "raw-jdk|POST|/outside";

    @TempDir
    Path dir;
    HttpWorld world;

    @BeforeEach
    void setUp() throws Exception {
        world = new HttpWorld(dir);
    }

    @AfterEach
    void tearDown() {
        world.close();
    }

    private List<RawHttpServer.Request> posts(String path) {
        return world.provider.requests("POST", path);
    }

    private static List<String> keysOf(List<RawHttpServer.Request> requests) {
        return requests.stream().map(r -> r.header("Idempotency-Key")).collect(Collectors.toList());
    }

    @Test
    void everyWriteOfAToolCarriesItsKeyFromSendAndFromSendAsync() throws Exception {
        ForkedJvm.Result r = world.host(CHARGE, CHARGE, "jdkChargeAsync|A2|4900", "raw-jdk|POST|/outside").run(60);

        assertEquals(0, r.exitCode, r.toString());
        assertTrue(r.lines("RESULT jdkCharge ").get(1).startsWith("{\"status\":\"already_done\""), r.toString());
        String charge = HttpWorld.keys(r, "jdk_charge").get(0);
        String async = HttpWorld.keys(r, "jdk_charge_async").get(0);
        assertTrue(charge.startsWith("ig1:jdk_charge:"), charge);
        assertEquals(List.of(charge, async), keysOf(posts("/charges")), "one request per intent, each with its key");
        assertEquals(1, posts("/outside").size());
        assertNull(posts("/outside").get(0).header("Idempotency-Key"), "outside a tool a request is left alone");
    }

    @Test
    void aKeyTheCallerSetIsReplacedByTheIntentKey() throws Exception {
        ForkedJvm.Result r = world.host("jdkChargePresetKey|A1|4900").run(60);

        assertEquals(List.of(HttpWorld.keys(r, "jdk_charge_preset_key").get(0)), keysOf(posts("/charges")), r.toString());
    }

    @Test
    void aResponsePastTheTimeoutIsPendingUnknownAndNeverSentAgain() throws Exception {
        world.provider.always(Behavior.respond(200).after(6000));
        ForkedJvm.Result r = world.host(CHARGE, CHARGE).property("provider.timeout.ms", 2000).run(60);

        assertEquals(2, r.lines("RESULT jdkCharge " + HttpWorld.PENDING).size(), r.toString());
        assertEquals(List.of(HttpWorld.keys(r, "jdk_charge").get(0)), keysOf(posts("/charges")), "1 request, with the key");

        ForkedJvm.Result later = world.host(CHARGE).property("provider.timeout.ms", 2000).run(60);
        assertEquals(1, later.lines("RESULT jdkCharge " + HttpWorld.PENDING).size(), later.toString());
        assertEquals(1, posts("/charges").size(), "asking again sends nothing");
    }

    @Test
    void aPostResetAfterItsBodyIsNotResentByTheJdkClientEvenWithoutTheAgent() throws Exception {
        world.provider.behave(req -> req.path.equals("/warm") ? Behavior.respond(200) : Behavior.resetAfterBody());
        ForkedJvm.Result without = world.withoutAgent("raw-jdk|GET|/warm", CHARGE).run(60);
        assertEquals(1, posts("/charges").size(), "the JDK client does not resend a POST (MultiExchange#canRetryRequest)");
        assertTrue(without.lines("THROWN jdkCharge ").get(0).startsWith("java.io.IOException"), without.toString());

        ForkedJvm.Result with = world.host("raw-jdk|GET|/warm", CHARGE, CHARGE).run(60);
        assertEquals(2, with.lines("RESULT jdkCharge " + HttpWorld.PENDING).size(), with.toString());
        assertEquals(2, posts("/charges").size(), "with the agent: 1 more request, and the repeat sends nothing");
        assertEquals(HttpWorld.keys(with, "jdk_charge").get(0), posts("/charges").get(1).header("Idempotency-Key"));
    }

    @Test
    void aGetResetBeforeItsResponseIsResentWithOrWithoutTheAgent() throws Exception {
        world.provider.behave(req -> req.path.equals("/warm") ? Behavior.respond(200) : Behavior.resetAfterBody());
        world.withoutAgent("raw-jdk|GET|/warm", "raw-jdk|GET|/orders/1").run(60);
        assertEquals(2, world.provider.requests("GET", "/orders/1").size(), "the JDK client resends a GET once");

        world.host("raw-jdk|GET|/warm", "raw-jdk|GET|/orders/2").run(60);
        assertEquals(2, world.provider.requests("GET", "/orders/2").size(), "the agent leaves reads alone");
        assertNull(world.provider.requests("GET", "/orders/2").get(0).header("Idempotency-Key"));
    }

    @Test
    void whenTheClientWouldResendAPostTheAgentStopsItAndRecordsIt() throws Exception {
        world.provider.behave(req -> req.path.equals("/warm") ? Behavior.respond(200) : Behavior.resetAfterBody());
        ForkedJvm.Result without = world.withoutAgent("raw-jdk|GET|/warm", CHARGE)
                .property("jdk.httpclient.enableAllMethodRetry", "true").run(60);
        assertEquals(2, posts("/charges").size(), "baseline: with enableAllMethodRetry the client resends the POST\n" + without);

        ForkedJvm.Result with = world.host("raw-jdk|GET|/warm", CHARGE, CHARGE)
                .property("jdk.httpclient.enableAllMethodRetry", "true").run(60);
        assertEquals(3, posts("/charges").size(), "with the agent: 1 request\n" + with);
        assertEquals(HttpWorld.keys(with, "jdk_charge").get(0), posts("/charges").get(2).header("Idempotency-Key"));
        assertEquals(1, HttpWorld.suppressed(with), with.stderr);
        assertTrue(with.stderr.contains("suppressed a resend by java.net.http in jdk_charge (MultiExchange resend after "
                + "ConnectionExpiredException)"), with.stderr);
        assertEquals(2, with.lines("RESULT jdkCharge " + HttpWorld.PENDING).size(), with.toString());
    }

    @Test
    void sameKeyModeLetsTheClientResendWithTheIdenticalKey() throws Exception {
        world.config("  client-retries: same-key\n");
        world.provider.behave(req -> req.path.equals("/warm") ? Behavior.respond(200) : Behavior.resetAfterBody());
        ForkedJvm.Result r = world.host("raw-jdk|GET|/warm", CHARGE)
                .property("jdk.httpclient.enableAllMethodRetry", "true").run(60);

        String key = HttpWorld.keys(r, "jdk_charge").get(0);
        assertEquals(List.of(key, key), keysOf(posts("/charges")), r.toString());
        assertEquals(0, HttpWorld.suppressed(r));
        assertEquals(1, r.lines("RESULT jdkCharge " + HttpWorld.PENDING).size(), r.toString());
    }

    @Test
    void offTheAllowlistOrOutsideAToolRequestsKeepTheirResendsAndGetNoHeader() throws Exception {
        world.config("  hosts: [api.stripe.com]\n");
        world.provider.behave(req -> req.path.equals("/warm") ? Behavior.respond(200) : Behavior.resetAfterBody());
        ForkedJvm.Result r = world.host("raw-jdk|GET|/warm", CHARGE, "raw-jdk|POST|/outside")
                .property("jdk.httpclient.enableAllMethodRetry", "true").run(60);

        assertEquals(2, posts("/charges").size(), r.toString());
        assertEquals(2, posts("/outside").size(), r.toString());
        assertTrue(world.provider.requests().stream().allMatch(q -> q.header("Idempotency-Key") == null), r.toString());
        assertEquals(0, HttpWorld.suppressed(r));
    }

    @Test
    void anIdempotentToolCarriesItsKeyOnEveryAttemptAndKeepsTheClientsResends() throws Exception {
        world.provider.behave(req -> req.path.equals("/limits/acct_9") && req.onConnection > 1
                ? Behavior.resetAfterBody() : Behavior.respond(200));
        ForkedJvm.Result r = world.host("jdkSetLimit|acct_1|500", "jdkSetLimit|acct_1|500", "jdkSetLimit|acct_9|700")
                .property("jdk.httpclient.enableAllMethodRetry", "true").run(60);

        List<RawHttpServer.Request> puts = world.provider.requests("PUT", "/limits/acct_1");
        assertEquals(2, puts.size(), "an idempotent tool runs every time\n" + r);
        assertTrue(puts.get(0).header("Idempotency-Key").startsWith("ig1:jdk_set_limit:"), puts.toString());
        assertEquals(puts.get(0).header("Idempotency-Key"), puts.get(1).header("Idempotency-Key"));
        List<RawHttpServer.Request> reset = world.provider.requests("PUT", "/limits/acct_9");
        assertEquals(2, reset.size(), "the client's resend is not suppressed for an idempotent tool\n" + r);
        assertEquals(reset.get(0).header("Idempotency-Key"), reset.get(1).header("Idempotency-Key"));
        assertEquals(0, HttpWorld.suppressed(r));
        assertEquals(List.of("{\"id\":\"re_4\",\"path\":\"/limits/acct_9\"}"), r.lines("RESULT jdkSetLimit ").subList(2, 3));
    }

    @Test
    void aRefusedConnectionFailsTheToolAndTheNextCallSendsOnceWithTheSameKey() throws Exception {
        int port = HttpWorld.freePort();
        String url = "http://127.0.0.1:" + port;
        ForkedJvm.Result without = world.withoutAgent(CHARGE).property("provider.url", url)
                .property("jdk.internal.httpclient.debug", "true").run(60);
        assertEquals(2, connectAttempts(without), "baseline: the client connects again after a refusal\n" + without.stderr);

        ForkedJvm.Result refused = world.hostAt(url, CHARGE).property("jdk.internal.httpclient.debug", "true").run(60);
        assertEquals(List.of("java.net.ConnectException: null"), refused.lines("THROWN jdkCharge "), refused.toString());
        assertEquals(2, connectAttempts(refused), "with the agent too: nothing was sent, so the client's connect retry "
                + "duplicates nothing and goes ahead\n" + refused.stderr);
        assertEquals(0, HttpWorld.suppressed(refused), "no resend is stopped, and none is called a duplicate\n" + refused.stderr);
        assertTrue(!refused.stderr.contains("duplicate request caught"), refused.stderr);
        assertTrue(refused.stderr.contains("failed tool=jdk_charge"), refused.stderr);

        try (RawHttpServer back = new RawHttpServer(port)) {
            ForkedJvm.Result next = world.hostAt(url, CHARGE).run(60);
            assertTrue(next.lines("RESULT jdkCharge ").get(0).startsWith("{\"id\":"), next.toString());
            assertEquals(1, back.requests().size(), next.toString());
            assertEquals(HttpWorld.keys(refused, "jdk_charge").get(0), back.requests().get(0).header("Idempotency-Key"));
            assertEquals(HttpWorld.keys(refused, "jdk_charge"), HttpWorld.keys(next, "jdk_charge"));
        }
    }

    /** Connections the JDK client started: one per exchange attempt (its debug log says so). */
    private static long connectAttempts(ForkedJvm.Result r) {
        return r.stderr.lines().filter(l -> l.contains("Http1Exchange initiating connect async")).count();
    }

    /** The tool catches the error and returns text: what the wire showed still decides the intent's state. */
    @Test
    void theWireDecidesWhenTheToolTurnsErrorsIntoText() throws Exception {
        String tool = "jdkChargeQuietly";
        world.provider.behave(req -> req.body.contains("\"late\"") ? Behavior.respond(200).after(6000)
                : req.body.contains("\"busy\"") ? Behavior.respond(503) : Behavior.respond(200));
        ForkedJvm.Result r = world.host(tool + "|late|1", tool + "|late|1", tool + "|busy|1", tool + "|busy|1",
                tool + "|fine|1").property("provider.timeout.ms", 2000).run(60);
        List<String> results = r.lines("RESULT " + tool + " ");
        assertTrue(results.get(0).startsWith(HttpWorld.PENDING), "no response, though the tool returned\n" + r);
        assertTrue(results.get(1).startsWith(HttpWorld.PENDING), r.toString());
        assertTrue(results.get(2).startsWith(HttpWorld.PENDING), "HTTP 503, though the tool returned\n" + r);
        assertTrue(results.get(4).startsWith("{\"id\":"), r.toString());
        assertEquals(3, world.provider.requests("POST", "/charges").size(), "late, busy and fine once each\n" + r);

        String url = "http://127.0.0.1:" + HttpWorld.freePort();
        ForkedJvm.Result refused = world.hostAt(url, tool + "|down|1", tool + "|down|1").run(60);
        assertTrue(refused.lines("RESULT " + tool + " ").get(0).startsWith("error: java.net.ConnectException"),
                refused.toString());
        assertTrue(refused.stderr.contains("failed tool=jdk_charge_quietly"), refused.stderr);
        assertEquals(2, HttpWorld.keys(refused, "jdk_charge_quietly").size(), "nothing was sent: it may run again\n" + refused);
    }

    // The classes of plugins that act only inside guarded calls are left as they load during the application's start and
    // woven later by retransformation (docs/architecture.md, "Weaving"). Here the client loads outside any tool while
    // the application starts; the tool call after it must still send its request with the intent key, whether the
    // start settled first or the call itself asked for the weaving (then the tool method, not woven either, comes in
    // through its start trampoline and enters again woven: without that, no key and no intent line).

    @Test
    void aClientLoadedDuringTheStartIsWovenWhenTheFirstToolCallAsksAndThatCallSendsItsKey() throws Exception {
        ForkedJvm.Result baseline = world.withoutAgent(OUTSIDE_DURING_START, CHARGE).run(60);
        assertEquals(0, baseline.exitCode, baseline.toString());
        assertNull(posts("/charges").get(0).header("Idempotency-Key"), "without the agent, no key");

        ForkedJvm.Result r = world.host(OUTSIDE_DURING_START, CHARGE).property("intentguard.log.level", "debug").run(60);
        assertEquals(0, r.exitCode, r.toString());
        assertTrue(r.stderr.contains("intentguard goes on because a guarded call asked for it"),
                "the call asked for the weaving: " + r.stderr);
        String key = HttpWorld.keys(r, "jdk_charge").get(0);
        assertEquals(2, posts("/charges").size(), r.toString());
        assertEquals(key, posts("/charges").get(1).header("Idempotency-Key"), "the client loaded before the call is woven");
        assertNull(posts("/outside").get(1).header("Idempotency-Key"), "outside a tool a request is left alone");
    }

    @Test
    void aClientLoadedDuringTheStartIsWovenOnceTheStartSettles() throws Exception {
        ForkedJvm.Result r = world.host(OUTSIDE_DURING_START, "sleep|2000", CHARGE, OUTSIDE_DURING_START)
                .property("intentguard.log.level", "debug").run(60);
        assertEquals(0, r.exitCode, r.toString());
        assertTrue(r.stderr.contains("intentguard goes on because the application's start settled"),
                "the start settled: " + r.stderr);
        String key = HttpWorld.keys(r, "jdk_charge").get(0);
        assertEquals(List.of(key), List.of(posts("/charges").get(0).header("Idempotency-Key")), r.toString());
        assertNull(posts("/outside").get(0).header("Idempotency-Key"), "before: outside a tool");
        assertNull(posts("/outside").get(1).header("Idempotency-Key"), "after: still outside a tool");
    }

    @Test
    void aCallThatOutwaitsTheWeavingSaysSoOnceAndUnderFailClosedIsRefusedUnsent() throws Exception {
        // open-timeout 1 ms: the first call asks, and gives up on the weaving long before the init thread can do it
        world.fixture.config("  open-timeout: 1ms\non-error: fail-closed\n" + HttpWorld.tools());
        ForkedJvm.Result baseline = world.withoutAgent(OUTSIDE_DURING_START, CHARGE).run(60);
        assertEquals(0, baseline.exitCode, baseline.toString());
        assertEquals(1, posts("/charges").size(), "without the agent, the call sends");
        world.provider.clear();

        ForkedJvm.Result r = world.host(OUTSIDE_DURING_START, CHARGE).run(60);
        assertEquals(0, r.exitCode, r.toString());
        assertTrue(r.stderr.contains("were not woven within store.open-timeout (1 ms): guarded calls answer disabled "
                + "until they are (on-error: fail-closed)"), r.stderr);
        // the tool method itself is not woven yet either (it came in through its start trampoline): the String tool
        // answers the disabled status as JSON, as a woven call would, not an exception; and it says why it did not
        // run, not the kill switch's "switched off", which nobody did
        assertTrue(r.stdout.contains("RESULT jdkCharge {\"status\":\"disabled\",\"tool\":\"jdk_charge\",\"message\":"
                + "\"jdk_charge did not run: it cannot be run safely right now. Do not retry now;"), r.toString());
        assertEquals(0, posts("/charges").size(), "the refused call sent nothing: " + r);
    }
}
