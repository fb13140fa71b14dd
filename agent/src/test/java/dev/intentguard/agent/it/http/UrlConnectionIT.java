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
 * {@code HttpURLConnection} (the JDK's sun.net.www.protocol.http implementation, the client stripe-java uses) with
 * the agent, in forked JVMs, against a raw server on 127.0.0.1 that records every request with its headers.
 *
 * <p>What the JDK client resends on its own: sun.net.www.http.HttpClient#parseHTTP writes the request once more on
 * any IOException but a read timeout (POST included, {@code sun.net.http.retryPost} defaults to true; never in
 * streaming mode), and HttpURLConnection#writeRequests writes it once more when writing failed (any method).
 */
class UrlConnectionIT {
    private static final String REFUND = "hucRefund|R1|4900";

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
    void everyWriteOfAToolCarriesItsKey() throws Exception {
        ForkedJvm.Result r = world.host(REFUND, REFUND, "hucRefundPresetKey|R2|100", "hucLegacyPost|R3|100",
                "hucRefundStreaming|R4|100", "hucRefundConnectFirst|R5|100", "raw-huc|POST|/outside").run(60);

        assertEquals(0, r.exitCode, r.toString());
        assertTrue(r.lines("RESULT hucRefund ").get(1).startsWith("{\"status\":\"already_done\""), r.toString());
        assertEquals(List.of(HttpWorld.keys(r, "huc_refund").get(0), HttpWorld.keys(r, "huc_refund_preset_key").get(0),
                HttpWorld.keys(r, "huc_legacy_post").get(0), HttpWorld.keys(r, "huc_refund_streaming").get(0),
                HttpWorld.keys(r, "huc_refund_connect_first").get(0)),
                keysOf(posts("/refunds")), "one request per intent, each with its own key (a caller's key replaced)");
        assertNull(posts("/outside").get(0).header("Idempotency-Key"), "outside a tool a request is left alone");
    }

    @Test
    void aResponsePastTheReadTimeoutIsPendingUnknownAndNeverSentAgain() throws Exception {
        world.provider.always(Behavior.respond(200).after(2500));
        ForkedJvm.Result r = world.host(REFUND, REFUND).property("provider.timeout.ms", 500).run(60);

        assertEquals(2, r.lines("RESULT hucRefund " + HttpWorld.PENDING).size(), r.toString());
        assertEquals(List.of(HttpWorld.keys(r, "huc_refund").get(0)), keysOf(posts("/refunds")), "1 request, with the key");

        ForkedJvm.Result later = world.host(REFUND).property("provider.timeout.ms", 500).run(60);
        assertEquals(1, later.lines("RESULT hucRefund " + HttpWorld.PENDING).size(), later.toString());
        assertEquals(1, posts("/refunds").size(), "asking again sends nothing");
    }

    @Test
    void aResetAfterTheBodyIsResentByTheJdkWithoutTheAgentAndOnceWithIt() throws Exception {
        world.provider.always(Behavior.resetAfterBody());
        ForkedJvm.Result without = world.withoutAgent(REFUND).run(60);
        assertEquals(2, posts("/refunds").size(), "baseline: HttpClient.parseHTTP writes the POST once more\n" + without);

        ForkedJvm.Result with = world.host(REFUND, REFUND).run(60);
        assertEquals(3, posts("/refunds").size(), "with the agent: 1 request\n" + with);
        assertEquals(HttpWorld.keys(with, "huc_refund").get(0), posts("/refunds").get(2).header("Idempotency-Key"));
        assertEquals(1, HttpWorld.suppressed(with), with.stderr);
        assertTrue(with.stderr.contains("suppressed a resend by HttpURLConnection in huc_refund (HttpClient.parseHTTP resend"),
                with.stderr);
        assertEquals(2, with.lines("RESULT hucRefund " + HttpWorld.PENDING).size(), with.toString());
    }

    @Test
    void inStreamingModeTheJdkDoesNotResendAndNothingIsSuppressed() throws Exception {
        world.provider.always(Behavior.resetAfterBody());
        world.withoutAgent("hucRefundStreaming|S1|100").run(60);
        assertEquals(1, posts("/refunds").size());

        ForkedJvm.Result with = world.host("hucRefundStreaming|S1|100").run(60);
        assertEquals(2, posts("/refunds").size(), with.toString());
        assertEquals(0, HttpWorld.suppressed(with), with.stderr);
        assertEquals(1, with.lines("RESULT hucRefundStreaming " + HttpWorld.PENDING).size(), with.toString());
    }

    @Test
    void sameKeyModeLetsTheClientResendWithTheIdenticalKey() throws Exception {
        world.config("  client-retries: same-key\n");
        world.provider.always(Behavior.resetAfterBody());
        ForkedJvm.Result r = world.host(REFUND).run(60);

        String key = HttpWorld.keys(r, "huc_refund").get(0);
        assertEquals(List.of(key, key), keysOf(posts("/refunds")), r.toString());
        assertEquals(0, HttpWorld.suppressed(r));
        assertEquals(1, r.lines("RESULT hucRefund " + HttpWorld.PENDING).size(), r.toString());
    }

    @Test
    void offTheAllowlistOrOutsideAToolRequestsKeepTheirResendsAndGetNoHeader() throws Exception {
        world.config("  hosts: [api.stripe.com]\n");
        world.provider.always(Behavior.resetAfterBody());
        ForkedJvm.Result r = world.host(REFUND, "raw-huc|POST|/outside").run(60);

        assertEquals(2, posts("/refunds").size(), r.toString());
        assertEquals(2, posts("/outside").size(), r.toString());
        assertTrue(world.provider.requests().stream().allMatch(q -> q.header("Idempotency-Key") == null), r.toString());
        assertEquals(0, HttpWorld.suppressed(r));
    }

    @Test
    void anIdempotentToolCarriesItsKeyOnEveryAttemptAndKeepsTheClientsResends() throws Exception {
        world.provider.behave(req -> req.path.equals("/limits/acct_9") && req.onConnection > 1
                ? Behavior.resetAfterBody() : Behavior.respond(200));
        ForkedJvm.Result r = world.host("hucSetLimit|acct_1|500", "hucSetLimit|acct_1|500", "hucSetLimit|acct_9|700").run(60);

        List<RawHttpServer.Request> puts = world.provider.requests("PUT", "/limits/acct_1");
        assertEquals(2, puts.size(), "an idempotent tool runs every time\n" + r);
        assertTrue(puts.get(0).header("Idempotency-Key").startsWith("ig1:huc_set_limit:"), puts.toString());
        assertEquals(puts.get(0).header("Idempotency-Key"), puts.get(1).header("Idempotency-Key"));
        List<RawHttpServer.Request> reset = world.provider.requests("PUT", "/limits/acct_9");
        assertEquals(2, reset.size(), "the client's resend is not suppressed for an idempotent tool\n" + r);
        assertTrue(reset.get(0).header("Idempotency-Key").startsWith("ig1:huc_set_limit:"), reset.toString());
        assertEquals(reset.get(0).header("Idempotency-Key"), reset.get(1).header("Idempotency-Key"));
        assertEquals(0, HttpWorld.suppressed(r));
        assertTrue(r.lines("RESULT hucSetLimit ").get(2).contains("/limits/acct_9"), r.toString());
    }

    @Test
    void aRefusedConnectionFailsTheToolAndTheNextCallSendsOnceWithTheSameKey() throws Exception {
        int port = HttpWorld.freePort();
        String url = "http://127.0.0.1:" + port;
        ForkedJvm.Result refused = world.hostAt(url, REFUND).run(60);
        assertEquals(List.of("java.net.ConnectException: Connection refused"), refused.lines("THROWN hucRefund "),
                refused.toString());
        assertTrue(refused.stderr.contains("failed tool=huc_refund"), refused.stderr);

        try (RawHttpServer back = new RawHttpServer(port)) {
            ForkedJvm.Result next = world.hostAt(url, REFUND).run(60);
            assertTrue(next.lines("RESULT hucRefund ").get(0).startsWith("{\"id\":"), next.toString());
            assertEquals(1, back.requests().size(), next.toString());
            assertEquals(HttpWorld.keys(refused, "huc_refund").get(0), back.requests().get(0).header("Idempotency-Key"));
            assertEquals(HttpWorld.keys(refused, "huc_refund"), HttpWorld.keys(next, "huc_refund"));
        }
    }

    @Test
    void aFailedWriteIsRewrittenByTheJdkWithoutTheAgentAndNotWithIt() throws Exception {
        try (ResetBeforeBodyServer server = new ResetBeforeBodyServer()) {
            ForkedJvm.Result without = world.withoutAgent("hucUpload|D1|64").property("provider.url", server.url()).run(60);
            assertEquals(List.of("java.io.IOException: Error writing to server"), without.lines("THROWN hucUpload "),
                    without.toString());
            assertEquals(2, server.received().size(), "baseline: HttpURLConnection#writeRequests writes it once more\n"
                    + server.received());

            ForkedJvm.Result with = world.hostAt(server.url(), "hucUpload|D1|64").run(60);
            String key = HttpWorld.keys(with, "huc_upload").get(0);
            assertEquals(List.of("POST /documents HTTP/1.1 key=null", "POST /documents HTTP/1.1 key=null",
                    "POST /documents HTTP/1.1 key=" + key), server.received(), with.toString());
            assertTrue(with.stderr.contains("suppressed a resend by HttpURLConnection in huc_upload "
                    + "(HttpURLConnection.writeRequests resend after a failed write)"), with.stderr);
            assertEquals(1, with.lines("RESULT hucUpload " + HttpWorld.PENDING).size(), with.toString());
        }
    }

    @Test
    void overHttpsTheSameHooksSetTheKeyAndStopTheResend() throws Exception {
        world.provider.behave(req -> req.body.contains("\"R1\"") ? Behavior.resetAfterBody() : Behavior.respond(200));
        try (TlsTerminator tls = new TlsTerminator(dir, world.provider.port())) {
            ForkedJvm.Result without = https(world.withoutAgent(REFUND).property("provider.url", tls.url()), tls).run(60);
            assertEquals(2, posts("/refunds").size(), "baseline over HTTPS: the POST is written once more\n" + without);

            ForkedJvm.Result with = https(world.hostAt(tls.url(), REFUND, "hucRefundPresetKey|H2|100",
                    "hucRefundConnectFirst|H3|100"), tls).run(60);
            List<RawHttpServer.Request> refunds = posts("/refunds");
            assertEquals(5, refunds.size(), "with the agent: 1 request each\n" + with);
            assertEquals(HttpWorld.keys(with, "huc_refund").get(0), refunds.get(2).header("Idempotency-Key"));
            assertEquals(HttpWorld.keys(with, "huc_refund_preset_key").get(0), refunds.get(3).header("Idempotency-Key"));
            assertEquals(HttpWorld.keys(with, "huc_refund_connect_first").get(0), refunds.get(4).header("Idempotency-Key"),
                    "HTTPS connect() (AbstractDelegateHttpsURLConnection) sets the key too");
            assertEquals(1, HttpWorld.suppressed(with), with.stderr);
            assertEquals(1, with.lines("RESULT hucRefund " + HttpWorld.PENDING).size(), with.toString());
            assertTrue(with.lines("RESULT hucRefundPresetKey ").get(0).startsWith("{\"id\":"), with.toString());
        }
    }

    private static ForkedJvm https(ForkedJvm jvm, TlsTerminator tls) {
        return jvm.property("javax.net.ssl.trustStore", tls.trustStore()).property("javax.net.ssl.trustStorePassword",
                TlsTerminator.PASSWORD).property("javax.net.ssl.trustStoreType", "PKCS12");
    }

    /** The tool catches the error and returns text: what the wire showed still decides the intent's state. */
    @Test
    void theWireDecidesWhenTheToolTurnsErrorsIntoText() throws Exception {
        String tool = "hucRefundQuietly";
        world.provider.behave(req -> req.body.contains("\"late\"") ? Behavior.respond(200).after(2500)
                : req.body.contains("\"busy\"") ? Behavior.respond(503) : Behavior.respond(200));
        ForkedJvm.Result r = world.host(tool + "|late|1", tool + "|late|1", tool + "|busy|1", tool + "|busy|1",
                tool + "|fine|1").property("provider.timeout.ms", 500).run(60);
        List<String> results = r.lines("RESULT " + tool + " ");
        assertTrue(results.get(0).startsWith(HttpWorld.PENDING), "no response, though the tool returned\n" + r);
        assertTrue(results.get(1).startsWith(HttpWorld.PENDING), r.toString());
        assertTrue(results.get(2).startsWith(HttpWorld.PENDING), "HTTP 503, though the tool returned\n" + r);
        assertTrue(results.get(4).startsWith("{\"id\":"), r.toString());
        assertEquals(3, world.provider.requests("POST", "/refunds").size(), "late, busy and fine once each\n" + r);

        String url = "http://127.0.0.1:" + HttpWorld.freePort();
        ForkedJvm.Result refused = world.hostAt(url, tool + "|down|1", tool + "|down|1").run(60);
        assertTrue(refused.lines("RESULT " + tool + " ").get(0).startsWith("error: java.net.ConnectException"),
                refused.toString());
        assertTrue(refused.stderr.contains("failed tool=huc_refund_quietly"), refused.stderr);
        assertEquals(2, HttpWorld.keys(refused, "huc_refund_quietly").size(), "nothing was sent: it may run again\n" + refused);
    }
}
