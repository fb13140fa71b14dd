package dev.intentguard.agent.it.retry;

import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.LibraryJars;
import dev.intentguard.agent.testkit.RawHttpServer;
import dev.intentguard.it.retry.StripeTools;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;

import static dev.intentguard.agent.it.retry.RetryWorld.PENDING;
import static dev.intentguard.agent.it.retry.RetryWorld.assertAllCarryTheIntentKey;
import static dev.intentguard.agent.it.retry.RetryWorld.assertStartsWith;
import static dev.intentguard.agent.it.retry.RetryWorld.keys;
import static dev.intentguard.agent.it.retry.RetryWorld.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * stripe-java 33.3.0 ({@code Refund.create}, {@code maxNetworkRetries} 2, {@code Stripe.overrideApiBase} to a
 * provider on loopback) inside a side_effect tool: one request carrying the intent key instead of Stripe's
 * per-call UUID, Stripe's own retries stopped; without the agent Stripe sends it three times with its UUID.
 */
class StripeJavaIT {
    static final List<String> LIBS = LibraryJars.of("com.stripe:stripe-java:33.3.0");

    static final String APP = StripeTools.class.getName();
    static final String TOOL = "stripe_refund";
    static final String TOOLS = "tools:\n  - name: " + TOOL + "\n    method: dev.intentguard.it.retry.StripeTools#refund\n"
            + "    effect: side_effect\n";
    static final String OK = "{\"id\":\"re_1\",\"object\":\"refund\",\"amount\":4900,\"currency\":\"usd\",\"status\":\"succeeded\"}";

    @TempDir
    Path dir;
    RetryWorld world;

    @BeforeEach
    void setUp() throws Exception {
        world = new RetryWorld(dir).okBody(OK).config("  hosts: [127.0.0.1]\n  client-retries: suppress", TOOLS);
    }

    @AfterEach
    void tearDown() {
        world.close();
    }

    private List<RawHttpServer.Request> refunds(String base) {
        return world.requests("POST", base + "/v1/refunds");
    }

    @Test
    void aTimeoutIsOneRequestWithTheIntentKeyAndTheToolCalledAgainSendsNothing() throws Exception {
        ForkedJvm.Result r = run(world.host(APP, LIBS, "tool|R1|/slow/agent", "tool|R1|/slow/agent"));
        List<String> results = r.lines("RESULT tool ");
        assertEquals(2, results.size(), r.toString());
        assertStartsWith(PENDING, results.get(0), r);
        assertStartsWith(PENDING, results.get(1), r);
        List<RawHttpServer.Request> agent = refunds("/slow/agent");
        assertEquals(1, agent.size(), "one request, none for the second call: " + agent + "\n" + r);
        assertAllCarryTheIntentKey(agent, r, TOOL);
        assertTrue(r.stderr.contains("suppressed a resend by stripe-java in " + TOOL
                + " (maxNetworkRetries retry after SocketTimeoutException)"), r.stderr);

        ForkedJvm.Result without = run(world.hostWithoutAgent(APP, LIBS, "tool|R1|/slow/plain"));
        assertEquals(1, without.lines("THROWN tool com.stripe.exception.ApiConnectionException").size(), without.toString());
        List<RawHttpServer.Request> plain = refunds("/slow/plain");
        assertEquals(3, plain.size(), "without the agent Stripe sends the timed-out refund three times: " + plain);
        List<String> stripeKeys = keys(plain);
        assertNotNull(stripeKeys.get(0));
        assertTrue(!stripeKeys.get(0).startsWith("ig1:"), stripeKeys.toString());
        assertEquals(Collections.nCopies(3, stripeKeys.get(0)), stripeKeys, "Stripe's own UUID, the same on its retries");
    }

    @Test
    void serverErrorsAreNotRetriedInsideAToolButAreOutsideIt() throws Exception {
        ForkedJvm.Result r = run(world.host(APP, LIBS, "tool|E1|/err500/agent", "plain|E2|/err500/outside"));
        assertStartsWith(PENDING, r.lines("RESULT tool ").get(0), r);
        List<RawHttpServer.Request> agent = refunds("/err500/agent");
        assertEquals(1, agent.size(), agent + "\n" + r);
        assertAllCarryTheIntentKey(agent, r, TOOL);
        assertTrue(r.stderr.contains("answered HTTP 500"), "judged from the wire:\n" + r.stderr);

        assertEquals(List.of("{\"id\":\"re_1\"}"), r.lines("RESULT plain "), r.toString());
        List<RawHttpServer.Request> outside = refunds("/err500/outside");
        assertEquals(3, outside.size(), "outside a tool Stripe retries as configured: " + outside);
        assertTrue(!keys(outside).get(0).startsWith("ig1:"), "and keeps its own key outside a tool: " + keys(outside));

        ForkedJvm.Result without = run(world.hostWithoutAgent(APP, LIBS, "tool|E1|/err500/plain"));
        assertEquals(List.of("{\"id\":\"re_1\"}"), without.lines("RESULT tool "), without.toString());
        assertEquals(3, refunds("/err500/plain").size(), "without the agent: two 500s, then the refund");
    }

    @Test
    void sameKeyModeLetsStripeRetryWithTheIntentKeyInPlaceOfItsUuid() throws Exception {
        world.config("  hosts: [127.0.0.1]\n  client-retries: same-key", TOOLS);
        ForkedJvm.Result r = run(world.host(APP, LIBS, "tool|S1|/slow/same"));
        assertStartsWith(PENDING, r.lines("RESULT tool ").get(0), r);
        List<RawHttpServer.Request> same = refunds("/slow/same");
        assertEquals(3, same.size(), same + "\n" + r);
        assertAllCarryTheIntentKey(same, r, TOOL);
        assertTrue(!r.stderr.contains("suppressed a resend"), r.stderr);
    }
}
