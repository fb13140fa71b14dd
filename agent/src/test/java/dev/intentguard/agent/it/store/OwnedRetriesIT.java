package dev.intentguard.agent.it.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.intentguard.agent.testkit.AgentFixture;
import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.LoopbackServer;
import dev.intentguard.agent.testkit.SharedBackend;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The layer that owns retries (issue 16), in forked JVMs with the shipped jar against a loopback provider that refuses
 * before processing (429 with Retry-After), answers late, has a lookup for the check and can replay keys as Stripe does:
 * the retry budget's attempts, waits and deadline; the check on a repeat; resend-same-key; escalation once; a
 * conversation's steps. Each on the file store and on the shared stores (Redis, PostgreSQL) of this machine.
 */
class OwnedRetriesIT {
    private static final String KEY_8812 = "ig1:refund_order:kWwlhSj6_SPyAWuSrtGiPvZkzQ9Z8Iet_AnI973wYgw";
    private static final String REFUND = "refund|8812|49.00|EUR|";

    @TempDir
    Path dir;
    AgentFixture world;
    SharedBackend backend;

    @AfterEach
    void tearDown() throws Exception {
        if (world != null) {
            world.close();
        }
        if (backend != null) {
            backend.close();
        }
    }

    /** refund_order with its check and escalate method, {@code toolExtra} under it; touch beside it. */
    private void config(String store, String toolExtra) throws Exception {
        world = world == null ? new AgentFixture(dir) : world;
        String storeSection;
        switch (store) {
            case "file":
                storeSection = "store:\n  path: " + world.store + "\n";
                break;
            case "redis":
            case "postgres":
                backend = backend == null ? (store.equals("redis") ? SharedBackend.redis() : SharedBackend.postgres()) : backend;
                storeSection = "store:\n  url: \"" + backend.url() + "\"\n  namespace: " + backend.namespace + "\n  lease: 3s\n";
                break;
            default:
                throw new IllegalArgumentException(store);
        }
        world.rawConfig(storeSection + "  in-flight-wait: 10s\nreconcile:\n  check-interval: 500ms\n"
                + "tools:\n"
                + "  - name: refund_order\n"
                + "    method: dev.intentguard.it.app.SupportTools#refundOrder\n"
                + "    effect: side_effect\n"
                + "    key: [orderId, amount]\n"
                + "    exclude: [reason]\n"
                + "    check: findRefund\n"
                + "    escalate: escalateRefund\n"
                + toolExtra
                + "  - name: touch\n"
                + "    method: dev.intentguard.it.app.SupportTools#touch\n"
                + "    effect: side_effect\n");
    }

    private ForkedJvm.Result cli(String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--store");
        if (backend == null) {
            all.add(world.store.toString());
        } else {
            all.add(backend.url());
            all.add("--namespace");
            all.add(backend.namespace);
        }
        return world.cli(all.toArray(new String[0]));
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    private static int indexOf(String text, String regex) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(regex).matcher(text);
        return m.find() ? m.start() : -1;
    }

    private static void awaitLine(ForkedJvm.Running jvm, String prefix) throws Exception {
        for (int i = 0; i < 3000 && !jvm.stdout().contains(prefix); i++) {
            Thread.sleep(20);
        }
        assertTrue(jvm.stdout().contains(prefix), jvm.stdout() + jvm.stderr());
    }

    @Test
    void withoutTheAgentARateLimitIsAFailureTheUserIsToldOf() throws Exception {
        config("file", "");
        world.provider.answers(429).retryAfter("1");
        ForkedJvm.Result limited = world.hostWithoutAgent(REFUND + "first").run(60);
        assertTrue(limited.lines("THROWN refund ").get(0).contains("HTTP 429"), "the user is told it failed\n" + limited);
        assertEquals(1, world.provider.posts("/refunds"), "one try, where one more a second later would have gone through");
    }

    @Test
    void withoutTheAgentAskingAgainAfterATimeoutRefundsTwice() throws Exception {
        config("file", "");
        world.provider.delay(1500);
        ForkedJvm.Result r = world.hostWithoutAgent(REFUND + "slow", "sleep|1600", REFUND + "did it go through?")
                .property("provider.timeout.ms", 300).run(60);
        assertEquals(2, world.provider.posts("/refunds"), "asking again refunds again\n" + r);
        assertEquals(2, world.provider.effects("/refunds"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"file", "redis", "postgres"})
    void aRateLimitedRefundIsRetriedWithTheSameKeyAfterRetryAfterAndGoesThrough(String store) throws Exception {
        config(store, "    retry:\n      attempts: 3\n      backoff: 50ms\n      deadline: 10s\n");
        world.provider.answers(429, 429).retryAfter("1");
        ForkedJvm.Result r = world.host(REFUND + "first").run(60);
        assertTrue(r.lines("RESULT refund ").get(0).startsWith("{\"id\":\"re_3\""), r.toString());
        List<LoopbackServer.Request> posts = world.provider.requests("POST", "/refunds");
        assertEquals(3, posts.size(), r.toString());
        for (LoopbackServer.Request p : posts) {
            assertEquals(KEY_8812, p.header("Idempotency-Key"), "every attempt carries the intent key");
        }
        assertEquals(2, count(r.stderr, "in 1000 ms (Retry-After)"), "Retry-After: 1 honoured before each retry\n" + r.stderr);
        assertEquals(1, world.provider.effects("/refunds"), "one refund");
        assertTrue(r.stderr.contains("retry tool=refund_order key=" + KEY_8812 + " attempt 2/3"), r.stderr);

        JsonNode intents = new ObjectMapper().readTree(cli("intents", "--json").stdout);
        assertEquals("done", intents.get(0).path("status").asText(), intents.toString());
        assertEquals(3, intents.get(0).path("attempts").asInt(), "the intent says how many attempts were made");
    }

    @ParameterizedTest
    @ValueSource(strings = {"file", "redis", "postgres"})
    void aSpentBudgetAnswersFailedAndEscalatesOnceAcrossCalls(String store) throws Exception {
        config(store, "    retry:\n      attempts: 3\n      backoff: 50ms\n      deadline: 10s\n");
        world.provider.status(429);
        ForkedJvm.Result r = world.host("jmx-listen", REFUND + "first", REFUND + "did it go through?", "sleep|1000").run(60);
        List<String> results = r.lines("RESULT refund ");
        assertEquals(2, results.size(), r.toString());
        for (String result : results) {
            assertTrue(result.startsWith("{\"status\":\"failed\",\"tool\":\"refund_order\""), result);
            assertTrue(result.contains("tell the user it did not go through and that it was passed to a person"), result);
        }
        assertEquals(6, world.provider.posts("/refunds"), "3 attempts per call, none of them processed");
        assertEquals(0, world.provider.effects("/refunds"));
        assertEquals(1, r.lines("ESCALATED ").size(), "the escalate method, once per intent\n" + r);
        assertTrue(r.lines("ESCALATED ").get(0).startsWith(KEY_8812 + " {orderId=8812, amount=49}"), r.toString());
        assertTrue(r.lines("ESCALATED ").get(0).contains(" on intentguard-"), "on the agent's thread, never the call's: " + r);
        assertEquals(1, r.lines("NOTIFICATION intentguard.escalation ").size(), r.toString());
        assertTrue(r.lines("NOTIFICATION ").get(0).contains("key=" + KEY_8812), r.toString());
        assertEquals(1, count(r.stderr, "escalated tool=refund_order key=" + KEY_8812), r.stderr);

        JsonNode intents = new ObjectMapper().readTree(cli("intents", "--json").stdout);
        assertEquals("failed", intents.get(0).path("status").asText(), intents.toString());
        assertEquals(6, intents.get(0).path("attempts").asInt());
        assertTrue(intents.get(0).path("escalated").asBoolean(), intents.toString());

        // Another JVM on the store: the intent is escalated already.
        // The WARN is said on the call's thread before the escalate method is handed to the agent's: its absence shows
        // at once that the intent was not escalated again.
        ForkedJvm.Result again = world.host(REFUND + "third time").run(60);
        assertTrue(again.lines("RESULT refund ").get(0).startsWith("{\"status\":\"failed\""), again.toString());
        assertEquals(0, count(again.stderr, "escalated tool=refund_order"), again.stderr);
        assertEquals(0, again.lines("ESCALATED ").size(), again.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"file", "redis"})
    void aRetryAfterPastTheDeadlineEndsTheCallAtOnce(String store) throws Exception {
        config(store, "    retry:\n      attempts: 5\n      deadline: 2s\n");
        world.provider.status(429).retryAfter("30");
        ForkedJvm.Result r = world.host(REFUND + "first").run(60);
        assertTrue(r.lines("RESULT refund ").get(0).startsWith("{\"status\":\"failed\""), r.toString());
        // Ended at once: no retry was scheduled, because the provider's 30 s would pass the 2 s deadline.
        assertEquals(0, count(r.stderr, "retry tool=refund_order"), r.stderr);
        assertTrue(r.stderr.contains("failed tool=refund_order key=" + KEY_8812 + ": retry budget spent after 1 attempt "
                + "within retry.deadline PT2S (the provider asked to wait 30000 ms)"), r.stderr);
        assertEquals(1, world.provider.posts("/refunds"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"file", "redis", "postgres"})
    void aRepeatOfAnUnknownRefundAsksTheCheckAndTellsTheTruthWithNoSecondRequest(String store) throws Exception {
        config(store, "");
        world.provider.delay(1500).lookupsVisible(false);
        Path go = dir.resolve("go");
        ForkedJvm.Running jvm = world.host(REFUND + "slow", "await-file|" + go, REFUND + "did it go through?",
                REFUND + "and now?").property("provider.timeout.ms", 300).start();
        awaitLine(jvm, "RESULT refund ");
        assertTrue(jvm.stdout().contains("RESULT refund {\"status\":\"pending_unknown\""), jvm.stdout());
        world.provider.lookupsVisible(true);                                 // the provider's search catches up
        Thread.sleep(600);                                                   // check-interval: 500ms since the last check
        Files.createFile(go);
        ForkedJvm.Result r = jvm.await(60);
        List<String> results = r.lines("RESULT refund ");
        assertTrue(results.get(1).startsWith("{\"status\":\"done\",\"tool\":\"refund_order\",\"result\":{\"id\":\"re_1\","
                + "\"order\":\"8812\",\"found\":true}"), "the user hears it went through\n" + r);
        assertTrue(results.get(2).startsWith("{\"status\":\"already_done\""), r.toString());
        assertEquals(1, world.provider.posts("/refunds"), "no second request");
        assertTrue(r.stderr.contains("check findRefund found " + KEY_8812 + " done on a repeat"), r.stderr);
    }

    @ParameterizedTest
    @ValueSource(strings = {"file", "redis", "postgres"})
    void resendSameKeySettlesAnUnknownRefundWithTwoRequestsAndOneEffect(String store) throws Exception {
        config(store, "    unknown: resend-same-key\n");
        world.provider.replayKeys("Idempotency-Key").delay(1500).lookupsVisible(false);
        Path go = dir.resolve("go");
        ForkedJvm.Running jvm = world.host(REFUND + "slow", "await-file|" + go, REFUND + "did it go through?",
                REFUND + "and now?").property("provider.timeout.ms", 300).start();
        awaitLine(jvm, "RESULT refund ");
        assertTrue(jvm.stdout().contains("RESULT refund {\"status\":\"pending_unknown\""), jvm.stdout());
        world.provider.delay(0);
        Thread.sleep(1600);                                                  // the provider finished the first request
        Files.createFile(go);
        ForkedJvm.Result r = jvm.await(60);
        List<String> results = r.lines("RESULT refund ");
        assertTrue(results.get(1).startsWith("{\"id\":\"re_1\""), "the provider's replay of its first answer\n" + r);
        assertTrue(results.get(2).startsWith("{\"status\":\"already_done\",\"tool\":\"refund_order\",\"result\":{\"id\":\"re_1\""),
                r.toString());
        List<LoopbackServer.Request> posts = world.provider.requests("POST", "/refunds");
        assertEquals(2, posts.size(), r.toString());
        assertEquals(KEY_8812, posts.get(0).header("Idempotency-Key"));
        assertEquals(KEY_8812, posts.get(1).header("Idempotency-Key"), "the same key");
        assertEquals(1, world.provider.effects("/refunds"), "one refund");
    }

    @ParameterizedTest
    @ValueSource(strings = {"file", "redis", "postgres"})
    void aConversationsStepsAreListedInOrderWithTheirStatuses(String store) throws Exception {
        config(store, "");
        world.provider.delay(1500).lookupsVisible(false);
        ForkedJvm.Result r = world.host("in-conversation|conv-42|touch|inventory-8812",
                "in-conversation|conv-42|" + REFUND + "payment", "in-conversation|conv-7|touch|someone else's")
                .property("provider.timeout.ms", 300).run(60);
        assertEquals(0, r.exitCode, r.toString());

        ForkedJvm.Result listed = cli("intents", "--conversation", "conv-42");
        assertEquals(0, listed.exitCode, listed.toString());
        String out = listed.stdout;
        int inventory = indexOf(out, "touch\\s+done\\s");
        int payment = indexOf(out, "refund_order\\s+pending_unknown\\s");
        assertTrue(inventory > 0 && payment > inventory, "inventory done, then payment pending_unknown\n" + out);
        assertTrue(out.contains("2 intents"), "not the other conversation's\n" + out);

        JsonNode report = new ObjectMapper().readTree(cli("report", "--format", "json").stdout);
        JsonNode conversations = report.path("conversations");
        assertEquals(2, conversations.size(), report.toPrettyString());
        JsonNode steps = null;
        for (JsonNode c : conversations) {
            if (c.path("intents").size() == 2) {
                steps = c.path("intents");
            }
        }
        assertTrue(steps != null, report.toPrettyString());
        assertEquals("touch", steps.get(0).path("tool").asText());
        assertEquals("done", steps.get(0).path("status").asText());
        assertEquals("refund_order", steps.get(1).path("tool").asText());
        assertEquals("pending_unknown", steps.get(1).path("status").asText());
    }
}
