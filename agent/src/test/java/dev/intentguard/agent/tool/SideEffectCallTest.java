package dev.intentguard.agent.tool;

import com.fasterxml.jackson.databind.JsonNode;
import dev.intentguard.agent.audit.AuditRecorder;
import dev.intentguard.agent.config.AgentConfig;
import dev.intentguard.agent.config.ConfigLoader;
import dev.intentguard.agent.json.AgentJson;
import dev.intentguard.agent.key.KeyRecipe;
import dev.intentguard.agent.store.InMemoryIntentStore;
import dev.intentguard.agent.store.IntentRecord;
import dev.intentguard.agent.store.IntentStatus;
import dev.intentguard.agent.store.StoreHandle;
import dev.intentguard.agent.tool.bind.ReturnShape;
import dev.intentguard.agent.tool.bind.ToolBinding;
import dev.intentguard.agent.tool.bind.ToolCatalog;
import dev.intentguard.agent.tool.bind.ToolResolver;
import dev.intentguard.agent.wire.WireAttempt;
import dev.intentguard.agent.wire.WireLog;
import dev.intentguard.agent.wire.WireOutcome;
import dev.intentguard.bridge.Dispatcher;
import net.bytebuddy.description.type.TypeDescription;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.ConnectException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link SideEffectCall}, transition by transition, in-process: the real runtime, resolver, key recipe, check and
 * escalate method on the in-memory store. The body is the test's: each test says what the wire did in each run of it
 * (the HTTP plugins that record it in a real JVM are tested by the forked ITs), and the call is driven as the woven
 * advice drives it: begin, the body while {@code again} says so, exit.
 */
class SideEffectCallTest {
    private static final String REFUNDS = "POST pay.test:443 /refunds";

    @TempDir
    Path dir;

    private final InMemoryIntentStore store = new InMemoryIntentStore();
    private final Refunds tools = new Refunds();
    private ToolRuntime runtime;
    private ToolBinding binding;
    /** The store never opens (its open-timeout passes on every call). */
    private boolean unopened;

    /** The tool's class: the body is never called (the test runs it); the check and the escalate method are. */
    public static final class Refunds {
        final AtomicInteger checks = new AtomicInteger();
        /** What the provider's lookup finds, or {@code null}. */
        volatile Map<String, Object> provider;
        final BlockingQueue<String> escalations = new LinkedBlockingQueue<>();

        public String refund(String orderId, int amountCents, String note) {
            throw new AssertionError("the test runs the body");
        }

        public Map<String, Object> findRefund(String orderId) {
            checks.incrementAndGet();
            return provider;
        }

        public void page(String intentKey, Map<String, Object> keyArguments) {
            escalations.add(intentKey + " " + keyArguments);
        }
    }

    /** One run of the body: what it did on the wire ({@code wire}), and what it returned or threw. */
    interface Body {
        String run(WireLog wire, int round) throws Exception;
    }

    /** What the caller received, and how many times the body ran. */
    static final class Answer {
        Object value;
        Throwable thrown;
        int rounds;
        long millis;

        JsonNode json() throws Exception {
            assertNull(thrown, () -> "threw " + thrown);
            return AgentJson.mapper().readTree((String) value);
        }

        String status() throws Exception {
            return json().path("status").asText();
        }
    }

    /** The waits the retry budget made before its attempts, in order. */
    private final java.util.List<Long> waits = new java.util.concurrent.CopyOnWriteArrayList<>();

    private void tool(String more) throws Exception {
        tool("", more);
    }

    private void tool(String top, String more) throws Exception {
        Path file = dir.resolve("intentguard.yaml");
        Files.writeString(file, "store:\n  path: " + dir.resolve("intents.dat") + "\n  in-flight-wait: 300ms\n  open-timeout: 100ms\n"
                + "audit:\n  journal: false\n  jmx: false\nreconcile:\n  check-interval: 300ms\n  min-age: 1ms\n  escalate-after: 1ms\n"
                + top
                + "tools:\n  - name: refund\n    method: " + Refunds.class.getName() + "#refund\n    effect: side_effect\n    key: [orderId]\n"
                + "    exclude: [note]\n    check: findRefund\n    escalate: page\n" + more);
        AgentConfig config = ConfigLoader.load(file);
        runtime = new ToolRuntime(config, unopened ? StoreHandle.pending("nowhere") : StoreHandle.of(store),
                AuditRecorder.create(config));
        runtime.pauseWith(millis -> {
            waits.add(millis);
            Thread.sleep(millis);
        });
        ToolResolver.Resolved r = new ToolResolver(new ToolCatalog(config)).resolve(TypeDescription.ForLoadedType.of(Refunds.class))
                .stream().filter(x -> x.tool.name().equals("refund")).findFirst().orElseThrow();
        assertNull(r.problem, () -> r.problem.message);
        binding = new ToolBinding(runtime.bindings().nextId(), r.tool, Refunds.class.getName(), "refund",
                new String[] {"java.lang.String", "int", "java.lang.String"}, r.recipe, r.check, r.shape, null, null);
        runtime.bindings().add(binding);
    }

    private String key(String orderId) {
        return binding.recipe().apply("refund", new Object[] {orderId, 0, null}).key().value();
    }

    private IntentRecord record(String orderId) {
        return store.get(key(orderId));
    }

    private Answer call(String orderId, int amountCents, String note, Body body) {
        Object[] args = {orderId, amountCents, note};
        KeyRecipe.Keyed keyed = binding.recipe().apply("refund", args);
        binding.seen(Refunds.class, tools);
        long start = System.nanoTime();
        SideEffectCall frame = SideEffectCall.begin(runtime, binding, Refunds.class, tools, args, keyed);
        Answer a = new Answer();
        Object returned = null;
        Throwable thrown = null;
        if (!frame.skipBody()) {
            do {
                a.rounds++;
                returned = null;
                thrown = null;
                try {
                    returned = body.run((WireLog) frame.wire(), a.rounds);
                } catch (Throwable t) {
                    thrown = t;
                }
            } while (frame.again(returned, thrown));
        }
        frame.exit(returned, thrown);
        a.value = Dispatcher.returnValue(frame, returned);
        a.thrown = Dispatcher.thrown(frame, thrown);
        a.millis = (System.nanoTime() - start) / 1_000_000;
        return a;
    }

    private Answer call(String orderId, Body body) {
        return call(orderId, 4900, "customer asked", body);
    }

    private static Body answering(int... statuses) {
        return (wire, round) -> {
            int status = statuses[Math.min(round, statuses.length) - 1];
            wire.keyFor(REFUNDS);
            wire.record(new WireAttempt("jdk", REFUNDS, WireOutcome.RESPONSE, status, null, 0));
            return status < 300 ? "refunded" : "error " + status;
        };
    }

    private static Body unanswered() {
        return (wire, round) -> {
            wire.keyFor(REFUNDS);
            wire.record(new WireAttempt("jdk", REFUNDS, WireOutcome.NO_RESPONSE, 0, "read timed out", 0));
            throw new java.net.SocketTimeoutException("read timed out");
        };
    }

    private static Body rateLimited(long retryAfterMillis, int succeedOnRound) {
        return (wire, round) -> {
            wire.keyFor(REFUNDS);
            if (round >= succeedOnRound) {
                wire.record(new WireAttempt("jdk", REFUNDS, WireOutcome.RESPONSE, 200, null, 0));
                return "refunded";
            }
            wire.record(new WireAttempt("jdk", REFUNDS, WireOutcome.RESPONSE, 429, null, 0, retryAfterMillis));
            return "error 429";
        };
    }

    private static final Body NOT_RUN = (wire, round) -> {
        throw new AssertionError("the body must not run");
    };

    // 5. absent: write-ahead, run, DONE

    @Test
    void aFirstCallIsRecordedInFlightBeforeItsBodyAndDoneWithItsResultAfter() throws Exception {
        tool("");
        AtomicReference<IntentStatus> during = new AtomicReference<>();
        Answer a = call("A1", (wire, round) -> {
            during.set(record("A1").status());
            return answering(200).run(wire, round);
        });
        assertEquals("refunded", a.value);
        assertEquals(IntentStatus.IN_FLIGHT, during.get(), "recorded before the body ran");
        assertEquals(IntentStatus.DONE, record("A1").status());
        assertEquals("\"refunded\"", record("A1").result());
        assertEquals(1, record("A1").attempts());
    }

    // 2. DONE: replay

    @Test
    void aRepeatOfADoneIntentAnswersAlreadyDoneWithTheFirstResultAndDoesNotRun() throws Exception {
        tool("");
        call("A1", answering(200));
        Answer again = call("A1", 4900, "the model wrote another note", NOT_RUN);
        assertEquals(0, again.rounds);
        assertEquals("already_done", again.status());
        assertEquals("refunded", again.json().path("result").asText());
    }

    @Test
    void theSameIntentWithOtherDetailsIsRejected() throws Exception {
        tool("");
        call("A1", answering(200));
        Answer other = call("A1", 5000, "customer asked", NOT_RUN);
        assertEquals("rejected", other.status());
        assertEquals(0, other.rounds);
    }

    // 1. kill switch

    @Test
    void aDisabledToolDoesNotRun() throws Exception {
        tool("");
        binding.tool().setEnabled(false);
        Answer a = call("A1", NOT_RUN);
        assertEquals("disabled", a.status());
        assertNull(record("A1"), "nothing recorded");
    }

    // FAILED: safe to run again

    @Test
    void aDefiniteFailureIsRecordedFailedAndTheNextCallRunsAgain() throws Exception {
        tool("");
        Answer first = call("A1", answering(400));
        assertEquals("error 400", first.value, "the body's own answer stands");
        assertEquals(IntentStatus.FAILED, record("A1").status());
        Answer second = call("A1", answering(200));
        assertEquals(1, second.rounds);
        assertEquals("refunded", second.value);
        assertEquals(2, record("A1").attempts());
    }

    // unknown: checked once, never re-sent blindly

    @Test
    void anUnansweredRequestIsPendingUnknownAfterTheCheckFoundNothing() throws Exception {
        tool("");
        Answer a = call("A1", unanswered());
        assertEquals("pending_unknown", a.status());
        assertEquals(1, tools.checks.get(), "checked once when the call ended");
        assertEquals(IntentStatus.PENDING_UNKNOWN, record("A1").status());
        Answer repeat = call("A1", NOT_RUN);
        assertEquals("pending_unknown", repeat.status());
        assertEquals(0, repeat.rounds);
    }

    @Test
    void anUnansweredRequestTheCheckFindsIsDoneWithWhatItFound() throws Exception {
        tool("");
        tools.provider = Map.of("refund_id", "re_1");
        Answer a = call("A1", unanswered());
        assertEquals("done", a.status());
        assertEquals("re_1", a.json().path("result").path("refund_id").asText());
        assertEquals(IntentStatus.DONE, record("A1").status());
    }

    // 4. check on repeat: "did it go through?"

    @Test
    void aRepeatOfAnUnknownIntentAsksTheCheckAgainAtMostOncePerCheckInterval() throws Exception {
        tool("");
        call("A1", unanswered());
        assertEquals(1, tools.checks.get());
        assertEquals("pending_unknown", call("A1", NOT_RUN).status());
        assertEquals(1, tools.checks.get(), "asked when the call ended, less than check-interval ago");

        Thread.sleep(350);
        assertEquals("pending_unknown", call("A1", NOT_RUN).status());
        assertEquals(2, tools.checks.get(), "check-interval passed: asked again, still not there");
        assertEquals("pending_unknown", call("A1", NOT_RUN).status());
        assertEquals(2, tools.checks.get());

        Thread.sleep(350);
        tools.provider = Map.of("refund_id", "re_1");                         // the provider shows it now
        Answer found = call("A1", NOT_RUN);
        assertEquals("done", found.status(), "the user gets the truth");
        assertEquals("re_1", found.json().path("result").path("refund_id").asText());
        assertEquals(3, tools.checks.get());
        assertEquals(IntentStatus.DONE, record("A1").status());
        assertEquals("already_done", call("A1", NOT_RUN).status());
        assertEquals(3, tools.checks.get(), "DONE: nothing to ask");
    }

    @Test
    void theIntervalHoldsAcrossEveryCallerOfTheStore() throws Exception {
        tool("");
        call("A1", unanswered());
        IntentRecord unknown = record("A1");
        assertTrue(unknown.lastAskedAt() > 0, "the check when the call ended counts as asking");
        Thread.sleep(350);
        // another JVM on the store asked a moment ago: its note is in the record
        assertTrue(store.replace(key("A1"), unknown, unknown.asked(System.currentTimeMillis())));
        assertEquals("pending_unknown", call("A1", NOT_RUN).status());
        assertEquals(1, tools.checks.get());
    }

    // 4b. resend-same-key

    @Test
    void resendSameKeySendsAnUnknownIntentOnceMoreWithTheSameKeyAndTheAnswerSettlesIt() throws Exception {
        tool("    unknown: resend-same-key\n");
        AtomicReference<String> firstKey = new AtomicReference<>();
        call("A1", (wire, round) -> {
            firstKey.set(wire.keyFor(REFUNDS));
            return unanswered().run(wire, round);
        });
        assertEquals(IntentStatus.PENDING_UNKNOWN, record("A1").status());
        assertEquals("pending_unknown", call("A1", NOT_RUN).status(), "asked less than check-interval ago");

        Thread.sleep(350);
        AtomicReference<String> resentKey = new AtomicReference<>();
        AtomicReference<IntentStatus> during = new AtomicReference<>();
        Answer resent = call("A1", (wire, round) -> {
            resentKey.set(wire.keyFor(REFUNDS));
            during.set(record("A1").status());
            return answering(200).run(wire, round);                        // the provider replays its first answer
        });
        assertEquals(1, resent.rounds);
        assertEquals("refunded", resent.value);
        assertEquals(firstKey.get(), resentKey.get(), "the same key on the wire");
        assertEquals(IntentStatus.IN_FLIGHT, during.get(), "claimed while it is sent: no other attempt meanwhile");
        assertEquals(IntentStatus.DONE, record("A1").status());
        assertEquals(2, record("A1").attempts());
        assertEquals("already_done", call("A1", NOT_RUN).status());
    }

    @Test
    void resendSameKeyNeverSendsWhileAnotherAttemptIsInFlight() throws Exception {
        tool("    unknown: resend-same-key\n");
        call("A1", unanswered());
        Thread.sleep(350);
        CountDownLatch sending = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread first = new Thread(() -> call("A1", (wire, round) -> {
            sending.countDown();
            assertTrue(release.await(5, TimeUnit.SECONDS));
            return answering(200).run(wire, round);
        }));
        first.start();
        assertTrue(sending.await(5, TimeUnit.SECONDS));
        Answer meanwhile = call("A1", NOT_RUN);
        assertEquals("in_flight", meanwhile.status());
        release.countDown();
        first.join(5000);
        assertEquals("already_done", call("A1", NOT_RUN).status());
    }

    // the retry budget

    @Test
    void aRateLimitedCallIsRetriedWithTheSameKeyAfterRetryAfterAndSucceeds() throws Exception {
        tool("    retry:\n      attempts: 3\n      backoff: 10ms\n      deadline: 5s\n");
        java.util.List<String> keys = new java.util.ArrayList<>();
        Answer a = call("A1", (wire, round) -> {
            keys.add(wire.keyFor(REFUNDS));
            return rateLimited(150, 3).run(wire, round);
        });
        assertEquals("refunded", a.value);
        assertEquals(3, a.rounds);
        assertEquals(1, keys.stream().distinct().count(), "every attempt carries the same key: " + keys);
        assertEquals(java.util.List.of(150L, 150L), waits, "waited Retry-After (150 ms, above the 10 ms backoff) twice");
        assertEquals(IntentStatus.DONE, record("A1").status());
        assertEquals(3, record("A1").attempts(), "the intent says how many attempts were made");
    }

    @Test
    void aSpentBudgetAnswersFailedEscalatesOnceAndTheIntentMayRunAgain() throws Exception {
        tool("    retry:\n      attempts: 3\n      backoff: 10ms\n      deadline: 5s\n");
        Answer a = call("A1", rateLimited(-1, 99));
        assertEquals(3, a.rounds);
        assertEquals("failed", a.status());
        assertTrue(a.json().path("message").asText().contains("passed to a person"), a.json().toString());
        IntentRecord r = record("A1");
        assertEquals(IntentStatus.FAILED, r.status());
        assertEquals(3, r.attempts());
        assertTrue(r.escalated());
        String page = tools.escalations.poll(5, TimeUnit.SECONDS);
        assertNotNull(page, "the escalate method was called");
        assertEquals(key("A1") + " {orderId=A1}", page);
        assertEquals(1, runtime.recorder().counters().get("refund").escalations());

        Answer later = call("A1", rateLimited(-1, 99));                     // FAILED: a later call may try again
        assertEquals(3, later.rounds);
        assertEquals("failed", later.status());
        assertNull(tools.escalations.poll(300, TimeUnit.MILLISECONDS), "escalated once per intent");
        assertEquals(1, runtime.recorder().counters().get("refund").escalations());
    }

    @Test
    void aRetryAfterPastTheDeadlineEndsTheBudgetAtOnce() throws Exception {
        tool("    retry:\n      attempts: 5\n      deadline: 1s\n");
        Answer a = call("A1", rateLimited(30_000, 99));
        assertEquals(1, a.rounds);
        assertEquals("failed", a.status());
        assertEquals(java.util.List.of(), waits, "a Retry-After past the deadline is not waited");
        assertTrue(a.json().path("message").asText().contains("did not go through"));
    }

    @Test
    void theDeadlineCountsTheWholeCall() throws Exception {
        tool("    retry:\n      attempts: 50\n      backoff: 100ms\n      max-backoff: 100ms\n      deadline: 700ms\n");
        Answer a = call("A1", rateLimited(-1, 999));
        assertTrue(a.rounds >= 2 && a.rounds < 50, a.rounds + " rounds");
        assertEquals(a.rounds - 1, waits.size());
        assertTrue(waits.stream().mapToLong(Long::longValue).sum() <= 700, "the waits fit in the deadline: " + waits);
        assertEquals("failed", a.status());
    }

    @Test
    void anAmbiguousOutcomeIsNeverRetried() throws Exception {
        tool("    retry:\n      attempts: 5\n      backoff: 10ms\n");
        Answer a = call("A1", (wire, round) -> round == 1 ? rateLimited(-1, 99).run(wire, round) : unanswered().run(wire, round));
        assertEquals(2, a.rounds, "the 429 was retried, the timeout was not");
        assertEquals("pending_unknown", a.status());
        assertEquals(IntentStatus.PENDING_UNKNOWN, record("A1").status());
    }

    @Test
    void aServerErrorMayHaveActedAndIsNotRetried() throws Exception {
        tool("    retry:\n      attempts: 5\n      backoff: 10ms\n");
        Answer a = call("A1", answering(503));
        assertEquals(1, a.rounds);
        assertEquals("pending_unknown", a.status());
    }

    @Test
    void aStatusTheToolNamesNotProcessedIsRetried() throws Exception {
        tool("    not-processed: [503]\n    retry:\n      attempts: 3\n      backoff: 10ms\n");
        Answer a = call("A1", answering(503, 503, 201));
        assertEquals(3, a.rounds);
        assertEquals("refunded", a.value);
    }

    @Test
    void aRefusedConnectionIsRetried() throws Exception {
        tool("    retry:\n      attempts: 3\n      backoff: 10ms\n");
        Answer a = call("A1", (wire, round) -> {
            if (round == 1) {
                throw new ConnectException("Connection refused");                 // nothing written anywhere
            }
            return answering(200).run(wire, round);
        });
        assertEquals(2, a.rounds);
        assertEquals("refunded", a.value);
    }

    @Test
    void withoutRetryARateLimitFailsOnceAndIsNotUnknown() throws Exception {
        tool("");
        Answer a = call("A1", rateLimited(100, 99));
        assertEquals(1, a.rounds);
        assertEquals("error 429", a.value, "the body's own answer stands");
        assertEquals(IntentStatus.FAILED, record("A1").status(), "a 429 happened before anything was processed");
        assertTrue(tools.escalations.isEmpty());
    }

    @Test
    void aTypedToolKeepsItsOwnExceptionWhenTheBudgetIsSpent() throws Exception {
        tool("    retry:\n      attempts: 2\n      backoff: 10ms\n");
        binding = new ToolBinding(binding.id(), binding.tool(), Refunds.class.getName(), "refund",
                new String[] {"java.lang.String", "int", "java.lang.String"}, binding.recipe(), binding.check(), ReturnShape.TYPED,
                null, null);
        IllegalStateException mine = new IllegalStateException("rate limited");
        Answer a = call("A1", (wire, round) -> {
            rateLimited(-1, 99).run(wire, round);
            throw mine;
        });
        assertEquals(2, a.rounds);
        assertEquals(mine, a.thrown);
        assertTrue(record("A1").escalated());
    }

    // 3. IN_FLIGHT

    @Test
    void aRepeatWaitsForALiveOwnerThenAnswersInFlightOrFromTheRecord() throws Exception {
        tool("");
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread owner = new Thread(() -> call("A1", (wire, round) -> {
            running.countDown();
            assertTrue(release.await(5, TimeUnit.SECONDS));
            return answering(200).run(wire, round);
        }));
        owner.start();
        assertTrue(running.await(5, TimeUnit.SECONDS));
        Answer meanwhile = call("A1", NOT_RUN);
        assertEquals("in_flight", meanwhile.status());
        assertTrue(meanwhile.millis >= 250, "waited in-flight-wait: " + meanwhile.millis);

        Thread waiter = new Thread(() -> {
            try {
                Thread.sleep(100);
            } catch (InterruptedException ignored) {
                // ends early
            }
            release.countDown();
        });
        waiter.start();
        Answer answered = call("A1", NOT_RUN);
        assertEquals("already_done", answered.status(), "the owner finished while the repeat waited");
        owner.join(5000);
    }

    @Test
    void anOwnerThatEndedMidCallLeavesTheOutcomeUnknownAndItIsChecked() throws Exception {
        tool("");
        // a claim of this JVM that no thread runs any more (its call died with the thread)
        store.claimOrGet(key("A1"), IntentRecord.inFlight("refund", fingerprintOf("A1"), "[\"A1\"]", System.currentTimeMillis()));
        Answer a = call("A1", NOT_RUN);
        assertEquals("pending_unknown", a.status());
        assertEquals(IntentStatus.PENDING_UNKNOWN, record("A1").status());
        assertEquals(1, tools.checks.get(), "checked once it was known to be unknown");
    }

    private byte[] fingerprintOf(String orderId) {
        return binding.recipe().apply("refund", new Object[] {orderId, 4900, "customer asked"}).fingerprint();
    }

    // the store cannot answer

    @Test
    void anUnopenedStoreFailsOpenByDefaultAndRunsUnrecorded() throws Exception {
        unopened = true;
        tool("");
        Answer a = call("A1", answering(200));
        assertEquals(1, a.rounds);
        assertEquals("refunded", a.value);
    }

    @Test
    void anUnopenedStoreFailsClosedOnRequest() throws Exception {
        unopened = true;
        tool("on-error: fail-closed\n", "");
        Answer a = call("A1", NOT_RUN);
        assertEquals("pending_unknown", a.status());
    }

    // escalation of requires_reconciliation

    @Test
    void anIntentStillUnknownAfterEscalateAfterIsEscalatedOnce() throws Exception {
        tool("");
        call("A1", unanswered());
        Thread.sleep(5);
        runtime.reconciler().tick();
        assertEquals(IntentStatus.REQUIRES_RECONCILIATION, record("A1").status());
        assertTrue(record("A1").escalated());
        assertEquals(key("A1") + " {orderId=A1}", tools.escalations.poll(5, TimeUnit.SECONDS));
        runtime.reconciler().tick();
        runtime.reconciler().tick();
        assertNull(tools.escalations.poll(300, TimeUnit.MILLISECONDS), "once");
        assertEquals(1, runtime.recorder().counters().get("refund").escalations());
        assertFalse(record("A1").status() == IntentStatus.DONE);
    }
}
