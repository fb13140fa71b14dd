package dev.intentguard.agent.it;

import dev.intentguard.agent.testkit.AgentFixture;
import dev.intentguard.agent.testkit.ForkedJvm;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Unknown outcomes are checked, not re-sent: the tool's check, the background reconciler, escalation, the CLI. */
class ReconciliationIT {
    private static final String KEY_8812 = "ig1:refund_order:kWwlhSj6_SPyAWuSrtGiPvZkzQ9Z8Iet_AnI973wYgw";
    private static final String PENDING = "{\"status\":\"pending_unknown\",\"tool\":\"refund_order\",\"message\":\"May have "
            + "gone through; the outcome is being confirmed. Do not retry refund_order; tell the user it is being confirmed.\"}";

    @TempDir
    Path dir;
    AgentFixture world;

    @BeforeEach
    void setUp() throws Exception {
        config("1s", "0s", "1h", "7d");
    }

    private void config(String interval, String minAge, String escalateAfter, String retention) throws Exception {
        if (world == null) {
            world = new AgentFixture(dir);
        }
        world.rawConfig("store:\n  path: " + world.store + "\n  max-intents: 100\n  retention: " + retention + "\n"
                + "reconcile:\n  interval: " + interval + "\n  min-age: " + minAge + "\n  escalate-after: " + escalateAfter + "\n"
                + AgentFixture.standardTools().replace("    exclude: [reason]\n", "    exclude: [reason]\n    check: findRefund\n"));
    }

    @AfterEach
    void tearDown() {
        world.close();
    }

    @Test
    void aTimeoutThatTheCheckFindsDoneIsDoneNotUnknown() throws Exception {
        world.provider.delay(2500);
        ForkedJvm.Result r = world.host("refund|8812|49.00|EUR|slow provider", "refund|8812|49.00|EUR|again")
                .property("provider.timeout.ms", 500).run(60);
        assertEquals(List.of(
                "{\"status\":\"done\",\"tool\":\"refund_order\",\"result\":{\"id\":\"re_1\",\"order\":\"8812\",\"found\":true},"
                        + "\"message\":\"Completed. Tell the user it went through.\"}",
                "{\"status\":\"already_done\",\"tool\":\"refund_order\",\"result\":{\"id\":\"re_1\",\"order\":\"8812\",\"found\":true},"
                        + "\"message\":\"Completed earlier. Tell the user it went through. Do not call refund_order again for this intent.\"}"),
                r.lines("RESULT refund "), r.toString());
        assertEquals(1, world.provider.posts("/refunds"));
        assertTrue(r.stderr.contains("check findRefund found " + KEY_8812 + " done"), r.stderr);
    }

    @Test
    void afterAKill9TheCheckTurnsTheDeadCallIntoAlreadyDone() throws Exception {
        world.provider.delay(60_000);
        ForkedJvm.Running victim = world.host("refund|8812|49.00|EUR|killed").property("provider.timeout.ms", 120_000).start();
        for (int i = 0; i < 3000 && world.provider.posts("/refunds") == 0; i++) {
            Thread.sleep(20);
        }
        victim.process.destroyForcibly();
        assertTrue(victim.process.waitFor(30, TimeUnit.SECONDS));
        world.provider.delay(0);

        ForkedJvm.Result r = world.host("refund|8812|49.00|EUR|after restart").run(60);
        assertEquals(List.of("{\"status\":\"already_done\",\"tool\":\"refund_order\",\"result\":{\"id\":\"re_1\",\"order\":\"8812\","
                + "\"found\":true},\"message\":\"Completed earlier. Tell the user it went through. Do not call refund_order again "
                + "for this intent.\"}"), r.lines("RESULT refund "), r.toString());
        assertEquals(1, world.provider.posts("/refunds"), "0 new requests");
        assertEquals(List.of("0"), r.lines("BODY_RUNS "));
    }

    @Test
    void theReconcilerResolvesAnUnknownIntentOnceTheProviderShowsIt() throws Exception {
        world.provider.delay(1500).lookupsVisible(false);
        ForkedJvm.Running jvm = world.host("refund|8812|49.00|EUR|slow", "sleep|6000", "refund|8812|49.00|EUR|did it go through?")
                .property("provider.timeout.ms", 300).start();
        for (int i = 0; i < 3000 && !jvm.stdout().contains("RESULT refund"); i++) {
            Thread.sleep(20);
        }
        assertTrue(jvm.stdout().contains("RESULT refund " + PENDING), jvm.stdout() + jvm.stderr());
        world.provider.lookupsVisible(true);                        // the provider's search catches up
        ForkedJvm.Result r = jvm.await(60);
        assertTrue(r.stderr.contains("reconciled tool=refund_order key=" + KEY_8812 + ": check findRefund found it done"), r.stderr);
        assertTrue(r.lines("RESULT refund ").get(1).startsWith("{\"status\":\"already_done\",\"tool\":\"refund_order\","
                + "\"result\":{\"id\":\"re_1\""), r.toString());
        assertEquals(1, world.provider.posts("/refunds"));
    }

    @Test
    void anIntentStillUnknownIsEscalatedListedAndResolvedByAPerson() throws Exception {
        config("300ms", "0s", "1s", "7d");
        world.provider.delay(1500).lookupsVisible(false);
        ForkedJvm.Result r = world.host("refund|8812|49.00|EUR|slow", "sleep|3000").property("provider.timeout.ms", 300).run(60);
        assertEquals(List.of(PENDING), r.lines("RESULT refund "), r.toString());
        assertEquals(1, count(r.stderr, "requires_reconciliation tool=refund_order key=" + KEY_8812), "logged once: " + r.stderr);
        assertTrue(r.stderr.contains("resolve --store " + world.store + " --key " + KEY_8812 + " --as done|failed"), r.stderr);

        ForkedJvm.Result listed = world.cli("intents", "--store", world.store.toString(), "--status", "requires_reconciliation");
        assertEquals(0, listed.exitCode, listed.toString());
        assertTrue(listed.stdout.contains("refund_order         requires_reconciliation") && listed.stdout.contains(KEY_8812),
                listed.stdout);
        assertTrue(listed.stdout.contains("1 intent"), listed.stdout);
        ForkedJvm.Result json = world.cli("intents", "--store", world.store.toString(), "--json");
        assertTrue(json.stdout.contains("\"status\" : \"requires_reconciliation\""), json.stdout);

        ForkedJvm.Result resolved = world.cli("resolve", "--store", world.store.toString(), "--key", KEY_8812, "--as", "done");
        assertEquals(0, resolved.exitCode, resolved.toString());
        assertTrue(resolved.stdout.contains("resolved as done: repeats answer already_done"), resolved.stdout);

        ForkedJvm.Result after = world.host("refund|8812|49.00|EUR|did it go through?").run(60);
        assertTrue(after.lines("RESULT refund ").get(0).startsWith("{\"status\":\"already_done\""), after.toString());
        assertEquals(1, world.provider.posts("/refunds"));
        assertEquals(1, world.cli("resolve", "--store", world.store.toString(), "--key", KEY_8812, "--as", "failed").exitCode,
                "a done intent is not unknown: nothing to resolve");
    }

    @Test
    void finishedIntentsExpireButUnknownOnesAreKept() throws Exception {
        config("300ms", "1h", "1h", "1s");
        ForkedJvm.Result r = world.host("touch|A", "explode|B", "sleep|3000").run(60);
        assertEquals(0, r.exitCode, r.toString());
        assertTrue(r.stderr.contains("removed 1 finished intents older than store.retention"), r.stderr);
        ForkedJvm.Result listed = world.cli("intents", "--store", world.store.toString());
        assertTrue(listed.stdout.contains("explode") && listed.stdout.contains("pending_unknown"), listed.stdout);
        assertTrue(!listed.stdout.contains("touch "), "the finished intent expired: " + listed.stdout);
    }

    @Test
    void aStoreNearItsCapMakesRoomInTheBackgroundAndAtTheCapRefusesAtOnceNeverUnguarded() throws Exception {
        // max-intents 100: past 90, the housekeeping removes the oldest finished intents down to 70, off the calls' path.
        ForkedJvm.Result near = world.host("many|touch|95|t", "sleep|1500").run(120);
        assertEquals(List.of("{returned=95}"), near.lines("MANY "), near.toString());
        // The housekeeping looks every 100 ms: it finds 90 to 95 intents (the calls may still be running), and removes
        // down to 70 (a few more when several finished in the same millisecond as the last one it must remove).
        java.util.regex.Matcher removed = java.util.regex.Pattern.compile("held (\\d+) intents, past 90% of store.max-intents "
                + "\\(100\\): removed (\\d+) of the oldest finished intents before their retention").matcher(near.stderr);
        assertTrue(removed.find(), near.stderr);
        int held = Integer.parseInt(removed.group(1));
        int gone = Integer.parseInt(removed.group(2));
        assertTrue(held >= 90 && held <= 95 && gone >= held - 70 && gone <= 39, "held " + held + ", removed " + gone + "\n"
                + near.stderr);
        ForkedJvm.Result listed = world.cli("intents", "--store", world.store.toString());
        int left = Integer.parseInt(listed.stdout.replaceAll("(?s).*\n(\\d+) intents\\s*$", "$1"));
        // Down to 70, plus the calls made after the round that found the store past 90.
        assertTrue(left <= 70 + (95 - held) && left >= 60, "room made down to 70 with no call waiting for it: " + left
                + " left\n" + listed.stdout);

        // Calls faster than the housekeeping meet the cap: those are refused at once, never run unguarded.
        ForkedJvm.Result fast = world.host("many|touch|2000|f").run(120);
        String tally = fast.lines("MANY ").get(0);
        assertTrue(tally.matches("\\{(disabled=\\d+, )?returned=\\d+}"), fast.toString());
        int returned = Integer.parseInt(tally.replaceAll(".*returned=(\\d+).*", "$1"));
        assertTrue(returned >= 30 && returned < 2000, "room for 30 at once, then as fast as the housekeeping: " + tally);
        assertTrue(fast.stderr.contains("is full (100 intents, store.max-intents 100): touch did not run"), fast.stderr);
        assertEquals(1, count(fast.stderr, "touch did not run"), "one ERROR for all the refusals:\n" + fast.stderr);

        // Unknown intents never go: once they hold every place, every call is refused.
        ForkedJvm.Result unknown = world.host("every|5|400|explode|x{i}").run(120);
        assertEquals(100, count(unknown.stdout, "pending_unknown"), "the finished intents made room for 100 unknown ones, "
                + "then nothing could go:\n" + unknown);
        assertEquals(300, count(unknown.stdout, "the intent store is full"), unknown.toString());
        assertEquals(List.of("100"), unknown.lines("BODY_RUNS "));
    }

    private static int count(String text, String needle) {
        int n = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }
}
