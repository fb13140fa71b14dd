package dev.intentguard.agent.tool;

import dev.intentguard.agent.audit.CallAudit;
import dev.intentguard.agent.audit.CallerSnapshot;
import dev.intentguard.agent.config.RetryBudget;
import dev.intentguard.agent.config.UnknownPolicy;
import dev.intentguard.agent.key.IntentKey;
import dev.intentguard.agent.key.KeyRecipe;
import dev.intentguard.agent.store.FleetStore;
import dev.intentguard.agent.store.IntentRecord;
import dev.intentguard.agent.store.IntentStatus;
import dev.intentguard.agent.store.IntentStore;
import dev.intentguard.agent.store.StoreBusyException;
import dev.intentguard.agent.store.StoreFullException;
import dev.intentguard.agent.store.StoreLostException;
import dev.intentguard.agent.store.StoreUnavailableException;
import dev.intentguard.agent.tool.bind.CheckRecipe;
import dev.intentguard.agent.tool.bind.OutcomeCheck;
import dev.intentguard.agent.tool.bind.ResultJson;
import dev.intentguard.agent.tool.bind.ToolBinding;
import dev.intentguard.agent.wire.WireLog;
import dev.intentguard.api.ToolStatus;
import dev.intentguard.bridge.IntentScope;
import dev.intentguard.bridge.NetworkWrites;
import dev.intentguard.bridge.ToolFrame;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One call of a {@code side_effect} tool: the state machine. Read top to bottom, it is a retry-safe tool wrapper
 * (record the intent before the call, answer a repeat from the record, check an unknown outcome instead of sending it
 * again), in this order:
 * <ol>
 *   <li>tool disabled: {@code disabled}, the body does not run;</li>
 *   <li>intent DONE: {@code already_done} with the first result, the body does not run;</li>
 *   <li>intent IN_FLIGHT by a live owner: wait up to {@code in-flight-wait}, then answer from the record, or
 *       {@code in_flight}; an owner that died mid-call leaves the outcome unknown;</li>
 *   <li>intent PENDING_UNKNOWN (or REQUIRES_RECONCILIATION): never re-sent blindly. At most once per
 *       {@code reconcile.check-interval} per intent (across the store), the repeat asks again: it runs the tool's
 *       check (found: {@code done} with what it found, and DONE recorded), or, with {@code unknown: resend-same-key},
 *       claims the intent and runs the body once more, its request carrying the same key for the provider to replay
 *       (step 5 from the claim). Otherwise {@code pending_unknown}, and the body does not run;</li>
 *   <li>intent FAILED (definitely) or absent: record IN_FLIGHT first (write-ahead), log the intent, run the
 *       body with the key in scope for the HTTP layer; then judge the end ({@link CallOutcome}: what the wire
 *       showed first, the exception second): DONE with the result, FAILED (the original exception, or the
 *       body's result) or unknown; an unknown outcome is checked once with the tool's check (found: DONE with
 *       what it found), else it is PENDING_UNKNOWN.</li>
 *   <li>with {@code retry:}, a FAILED end from before anything was processed (nothing sent, a 429, a status the tool
 *       names) runs the body again in the same claim ({@link #again}), after the backoff or the provider's
 *       Retry-After, within the budget's attempts and deadline; a budget spent records FAILED, escalates the intent,
 *       and answers {@code failed} saying so.</li>
 * </ol>
 * The same key with a different payload fingerprint is {@code rejected}: the body does not run.
 */
final class SideEffectCall extends GuardedCall {
    private static final int MAX_CLAIM_RACES = 32;
    private static final long POLL_MILLIS = 20;
    private static final long MAX_POLL_MILLIS = 200;

    private final ToolRuntime runtime;
    private final Class<?> owner;
    private final Object self;
    private final Object[] args;
    private final IntentKey key;
    private final byte[] fingerprint;
    /** The key's values as a JSON array in the recipe's order (for the escalate method's map, when it is configured). */
    private final String keyJson;
    /** When waiting for an in-flight owner ends (computed when first needed: most calls never wait). */
    private long deadline = Long.MIN_VALUE;
    private final WireLog wire;
    private final CallAudit audit;

    private IntentStore store;
    /** Set when the body must not run: what the caller gets instead. */
    private StatusReply reply;
    /** Our write-ahead record while the body runs. */
    private IntentRecord claimed;
    private CountDownLatch registration;
    /** Keeps our claim alive on a shared store while the body runs (closed at the end). */
    private IntentStore.Lease lease;
    private ToolFrame outerScope;
    /** The store could not answer and on-error is fail-open: the body runs without a record. */
    private boolean unguarded;
    /** The body is running: the JDK's network writes are watched ({@link NetworkWrites}). */
    private boolean watching;
    /** Network writes of threads running no guarded call, when the body started. */
    private long othersWritesAtStart;
    /** When the call began: the retry budget's deadline counts from here. */
    private final long beganAt;
    /** The body's run in this call: 1, then 2, 3, ... for the retries the agent makes ({@code retry:}). */
    private int round = 1;
    /** How the body's last run ended, once judged ({@link #again} judges before {@link #exit}). */
    private CallOutcome judged;
    /** The retry budget ran out (attempts or deadline) on a failure a retry could have overcome: why, for the reply. */
    private String budgetSpent;

    private SideEffectCall(ToolRuntime runtime, ToolBinding binding, Class<?> owner, Object self, Object[] args,
                           KeyRecipe.Keyed keyed) {
        super(binding);
        this.runtime = runtime;
        this.owner = owner;
        this.self = self;
        this.args = args;
        this.key = keyed.key();
        this.fingerprint = keyed.fingerprint();
        this.keyJson = keyed.keyJson();
        this.beganAt = runtime.now();
        this.audit = runtime.recorder().begin(binding.toolName(), "side_effect", key.value());
        this.wire = new WireLog(key.value(), audit, binding.tool().notProcessed());
    }

    static SideEffectCall begin(ToolRuntime runtime, ToolBinding binding, Class<?> owner, Object self, Object[] args,
                                KeyRecipe.Keyed keyed) {
        SideEffectCall call = new SideEffectCall(runtime, binding, owner, self, args, keyed);
        if (runtime.audit() && !binding.tool().enabled()) {
            call.reply = StatusReply.of(ToolStatus.DISABLED);              // the kill switch holds in audit mode too
            call.peekForAudit();
        } else if (runtime.audit()) {
            call.observe();
        } else {
            call.decide();
        }
        call.audit.resolve();
        if (call.reply == null) {
            call.startBody();
        }
        return call;
    }

    private void decide() {
        if (!binding.tool().enabled()) {                                   // 1. kill switch
            reply = StatusReply.of(ToolStatus.DISABLED);
            peekForAudit();
            return;
        }
        if (!openStore()) {
            return;
        }
        IntentRecord record = null;
        try {
            record = claimOrRead(null);                                    // 5. absent: claimed (write-ahead)
            runtime.storeAnswered();
            for (int races = 0; claimed == null; races++) {
                if (races == MAX_CLAIM_RACES) {
                    reply = StatusReply.of(ToolStatus.IN_FLIGHT);
                    return;
                }
                if (record == null) {                                      //    gone meanwhile (swept): claim it
                    record = claimOrRead(null);
                    continue;
                }
                audit.existing(record);                                    //    a record: this call repeats the intent
                if (record.status() != IntentStatus.FAILED && !record.sameFingerprint(fingerprint)) {
                    reply = StatusReply.of(ToolStatus.REJECTED);           //    same intent, other details
                    return;
                }
                switch (record.status()) {
                    case DONE:                                             // 2. replay the first result
                        reply = StatusReply.alreadyDone(record.result(), record.resultTruncated());
                        return;
                    case IN_FLIGHT:                                        // 3. wait for the owner
                        if (!awaitOwner(record)) {
                            reply = StatusReply.of(ToolStatus.IN_FLIGHT);
                            return;
                        }
                        record = store.get(key.value());
                        continue;
                    case PENDING_UNKNOWN:                                  // 4. never re-send blindly: ask
                    case REQUIRES_RECONCILIATION:
                        if (!mayAskAgain(record)) {
                            reply = StatusReply.pendingUnknown(null);
                            return;
                        }
                        if (binding.tool().unknown() == UnknownPolicy.RESEND_SAME_KEY) {
                            record = claimOrRead(record);                  //    claimed: the body sends it once more
                            continue;
                        }
                        checkOnRepeat(record);
                        return;
                    case FAILED:                                           // 5. definitely failed: try again
                        record = claimOrRead(record);
                        continue;
                    default:
                        throw new IllegalStateException("unknown intent status " + record.status());
                }
            }
        } catch (StoreFullException full) {
            runtime.storeFull(full, binding.toolName());
            reply = StatusReply.storeFull(binding.toolName());
        } catch (StoreBusyException busy) {
            storeBusy(busy);
        } catch (StoreLostException lost) {
            // The store logged the loss with its remedy; whatever on-error says, nothing runs until it is accepted.
            reply = StatusReply.pendingUnknown(lost);
        } catch (RuntimeException storeFailed) {
            if (record != null && record.status() != IntentStatus.FAILED && claimed == null) {
                storeFailedAfterReading(record, storeFailed);
            } else {
                storeCannotAnswer(storeFailed);
            }
        }
    }

    /**
     * The store failed after it showed this intent's record (while waiting for its owner, marking a dead owner's call
     * unknown, reading it again): the intent exists and may have run, so under either {@code on-error} the call does
     * not run; it answers what the record said.
     */
    private void storeFailedAfterReading(IntentRecord record, RuntimeException e) {
        boolean inFlight = record.status() == IntentStatus.IN_FLIGHT;
        runtime.storeError(e, "A call that had read its intent's record answers " + (inFlight ? "in_flight" : "pending_unknown")
                + " and does not run, whatever on-error says.");
        reply = inFlight ? StatusReply.of(ToolStatus.IN_FLIGHT) : StatusReply.pendingUnknown(e);
    }

    /**
     * The store is there but the part that holds this intent is locked past {@code store.lock-timeout}. The intent may
     * be recorded (done, or in flight elsewhere) behind that lock, so running the body could run it twice: under
     * either {@code on-error} the call answers {@code pending_unknown} and runs nothing.
     */
    private void storeBusy(StoreBusyException busy) {
        runtime.storeError(busy, "Calls of intents behind that lock answer pending_unknown and do not run (it may hold "
                + "their records). If a process died holding it, restart the processes using the store: the first to open "
                + "it alone recovers the lock.");
        reply = StatusReply.pendingUnknown(busy);
    }

    /**
     * A call the kill switch stops does not need the store, but the audit still learns whether it repeats an intent
     * (the first call of an intent is known from its record only). Never waits for a store that is not open yet.
     */
    private void peekForAudit() {
        IntentStore open = runtime.store().ifOpen();
        if (open == null) {
            return;
        }
        try {
            audit.existing(open.get(key.value()));
        } catch (RuntimeException e) {
            // the audit goes without; the answer is disabled either way
        }
    }

    /**
     * Claims the intent with our IN_FLIGHT record if it is absent ({@code previous == null}) or still {@code previous}
     * (FAILED: tried again; unknown: resent with the same key), in one store operation; on success {@link #claimed} is
     * set. Otherwise returns the record now there (or {@code null}). The intent is registered in this JVM first, so
     * that local duplicates wait on it instead of polling the store.
     */
    private IntentRecord claimOrRead(IntentRecord previous) {
        CountDownLatch mine = runtime.inFlight().register(key.value());
        if (mine == null) {
            awaitLocal();                                                 // another thread here has it: wait, then look
            return store.get(key.value());
        }
        boolean won = false;
        try {
            long now = runtime.now();
            String checkArgs = checkArguments();
            CallerSnapshot caller = audit.caller();
            IntentRecord next;
            if (previous == null) {
                next = IntentRecord.inFlight(binding.toolName(), fingerprint, checkArgs, now, caller.toolCallHash(),
                        caller.conversationHash(), caller.turnHash());
            } else if (previous.status() == IntentStatus.FAILED) {
                next = previous.retried(fingerprint, checkArgs, now)
                        .withCaller(caller.toolCallHash(), caller.conversationHash(), caller.turnHash());
            } else {
                next = previous.resent(now);                               // unknown: the same call, asked once more
            }
            if (binding.tool().escalate() != null && next.keyArgs() == null) {
                next = next.withKeyArgs(binding.recipe().namedJson(keyJson));
            }
            IntentRecord current;
            if (previous == null) {
                current = claimNew(next);
                won = current == null;
            } else {
                won = store.replace(key.value(), previous, next);
                current = won ? null : store.get(key.value());
            }
            if (won) {
                claimed = next;
                registration = mine;
                lease = store.hold(key.value());
                if (previous == null) {
                    audit.firstRecord();
                }
            }
            return current;
        } finally {
            if (!won) {
                runtime.inFlight().release(key.value(), mine);
            }
        }
    }

    /**
     * {@link IntentStore#claimOrGet}. A store at its cap is refused at once (room is made in the background, never on a
     * call's path), and the housekeeping is woken to make room for the next calls.
     */
    private IntentRecord claimNew(IntentRecord next) {
        try {
            return store.claimOrGet(key.value(), next);
        } catch (StoreFullException full) {
            runtime.sweeper().wake();
            throw full;
        }
    }

    /** The outcome check's arguments to keep in the record, or {@code null}. */
    private String checkArguments() {
        CheckRecipe check = binding.check();
        if (check == null) {
            return null;
        }
        try {
            return check.argumentsJson(args);
        } catch (Exception e) {
            runtime.log().warn("the arguments of check {} of {} cannot be kept ({}); the reconciler cannot check this intent later",
                    check.methodName(), binding.toolName(), String.valueOf(e));
            return null;
        }
    }

    /**
     * The lookup of a retry-safe wrapper ({@code find_refund} for a refund tool): asks the tool's check whether an unknown intent took effect. Returns the DONE
     * record the check's result makes of {@code unknown}, or {@code null} (no check, or not found). Records nothing.
     */
    private IntentRecord runCheck(IntentRecord unknown) {
        CheckRecipe check = binding.check();
        if (check == null) {
            return null;
        }
        OutcomeCheck.Answer answer = OutcomeCheck.run(check, owner, self, check.arguments(args), key.value(), runtime.intentLog());
        if (!answer.found) {
            return null;
        }
        return OutcomeCheck.confirmed(unknown, answer, runtime.config().store().maxResultBytes(), runtime.now());
    }

    /**
     * Whether a repeat of an unknown intent may ask the provider again now: it has a way to (a check, or
     * {@code unknown: resend-same-key}), and nobody asked within {@code reconcile.check-interval}.
     */
    private boolean mayAskAgain(IntentRecord unknown) {
        if (binding.tool().unknown() != UnknownPolicy.RESEND_SAME_KEY && binding.check() == null) {
            return false;
        }
        return runtime.now() - unknown.lastAskedAt() >= runtime.config().reconcile().checkInterval().toMillis();
    }

    /**
     * Step 4, the user's "did it go through?": runs the tool's check for an unknown intent. The record notes the asking
     * first (compare-and-set), so that every JVM on the store asks at most once per check-interval; found, the intent
     * becomes DONE and the caller gets {@code done} with what the check returned. Sets {@link #reply}.
     */
    private void checkOnRepeat(IntentRecord unknown) {
        IntentRecord asked = unknown.asked(runtime.now());
        if (!store.replace(key.value(), unknown, asked)) {
            IntentRecord now = store.get(key.value());                     // another repeat asked first, or it settled
            reply = now != null && now.status() == IntentStatus.DONE
                    ? StatusReply.alreadyDone(now.result(), now.resultTruncated()) : StatusReply.pendingUnknown(null);
            return;
        }
        IntentRecord done = runCheck(asked);
        if (done != null && store.replace(key.value(), asked, done)) {
            runtime.intentLog().info("check {} found {} done on a repeat: recorded DONE", binding.check().methodName(), key);
            reply = StatusReply.confirmedDone(done.result(), done.resultTruncated());
            return;
        }
        reply = StatusReply.pendingUnknown(null);
    }

    /** {@link #runCheck} for a record already stored unknown: found, the record becomes DONE. */
    private void checkOutcome(IntentRecord unknown) {
        IntentRecord done = runCheck(unknown);
        if (done == null) {
            return;
        }
        try {
            if (store.replace(key.value(), unknown, done)) {
                runtime.intentLog().info("check {} found {} done: recorded DONE", binding.check().methodName(), key);
            }
        } catch (RuntimeException e) {
            runtime.storeError(e, "The check found " + key + " done, which could not be recorded; it reads as "
                    + "pending_unknown and is checked again.");
        }
    }

    /**
     * Step 3: an IN_FLIGHT record. A dead owner (process gone, or a thread of ours that no longer runs it)
     * leaves the outcome unknown. A live owner is waited for until the deadline.
     *
     * @return {@code true} to read the record again, {@code false} if it is still in flight at the deadline
     */
    private boolean awaitOwner(IntentRecord record) {
        boolean ownerGone = record.ownedBySelf() ? !runtime.inFlight().isRunning(key.value()) : !record.ownerAlive();
        if (ownerGone) {
            // Compare-and-set: if the owner finished meanwhile, its DONE/FAILED record stays.
            IntentRecord unknown = record.pendingUnknown("owner ended mid-call", runtime.now());
            if (binding.check() != null) {
                unknown = unknown.asked(runtime.now());                    // checked below: the repeat need not ask again
            }
            if (store.replace(key.value(), record, unknown)) {
                runtime.intentLog().warn("owner of {} (pid {}) ended while the call was in flight: outcome unknown",
                        key, record.ownerPid());
                checkOutcome(unknown);
            }
            return true;
        }
        long remaining = deadline() - runtime.now();
        if (remaining <= 0) {
            return false;
        }
        if (record.ownedBySelf()) {
            return awaitLocal();
        }
        runtime.intentLog().debug("waiting up to {} ms for {} in flight in pid {}", remaining, key, record.ownerPid());
        try {
            // 20 ms, then longer: a shared store is read over the network, by every JVM that waits
            for (long pause = POLL_MILLIS; runtime.now() < deadline(); pause = Math.min(MAX_POLL_MILLIS, pause * 2)) {
                Thread.sleep(Math.min(pause, Math.max(1, deadline() - runtime.now())));
                IntentRecord now = store.get(key.value());
                if (!record.sameAs(now) || !now.ownerAlive()) {
                    return true;
                }
            }
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private long deadline() {
        if (deadline == Long.MIN_VALUE) {
            deadline = runtime.now() + runtime.config().store().inFlightWait().toMillis();
        }
        return deadline;
    }

    private boolean awaitLocal() {
        try {
            runtime.inFlight().await(key.value(), Math.max(0, deadline() - runtime.now()));
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private boolean openStore() {
        try {
            store = runtime.store().await(runtime.config().store().openTimeout());
            return true;
        } catch (StoreUnavailableException e) {
            storeCannotAnswer(e);
            return false;
        }
    }

    /** The store cannot say what happened to this intent: never guess "not done". */
    private void storeCannotAnswer(Exception e) {
        if (runtime.failClosed()) {
            runtime.storeError(e, "Side-effect calls answer pending_unknown until it recovers (on-error: fail-closed).");
            reply = StatusReply.pendingUnknown(e);
        } else {
            runtime.storeError(e, "Side-effect calls run unguarded until it recovers (on-error: fail-open).");
            unguarded = true;
        }
    }

    /**
     * {@code mode: audit}: the body always runs. A first call is recorded as in enforce mode; for a repeat, what
     * enforce mode would have answered goes to the audit (which warns about the duplicate and journals it).
     */
    private void observe() {
        if (!openStore()) {
            return;
        }
        try {
            IntentRecord record = claimOrRead(null);
            if (claimed != null) {
                return;
            }
            audit.existing(record);
            if (record != null && record.status() == IntentStatus.FAILED) {
                claimOrRead(record);                                       // enforce would run it again: so is it recorded
                if (claimed != null) {
                    audit.wouldAnswer(null);
                    return;
                }
                record = store.get(key.value());
            }
            String wouldAnswer;
            if (record == null || record.status() == IntentStatus.FAILED) {
                wouldAnswer = null;                                        // enforce would run it too
            } else if (!record.sameFingerprint(fingerprint)) {
                wouldAnswer = ToolStatus.REJECTED.wireName();
            } else if (record.status() == IntentStatus.DONE) {
                wouldAnswer = ToolStatus.ALREADY_DONE.wireName();
            } else if (record.unknown()) {
                wouldAnswer = ToolStatus.PENDING_UNKNOWN.wireName();
            } else {
                wouldAnswer = ToolStatus.IN_FLIGHT.wireName();             // enforce would wait for the first call
            }
            audit.wouldAnswer(wouldAnswer);
        } catch (RuntimeException e) {
            runtime.storeError(e, "Audit records are incomplete until it recovers.");
        }
        unguarded = true;
    }

    private void startBody() {
        // The attempt as an Integer (cached below 128), not its string: a silenced log made that string for nothing on
        // every call, and asking isInfoEnabled first would ask the host's SLF4J twice per call when it logs.
        runtime.intentLog().info("intent tool={} key={} attempt={}", binding.toolName(), key,
                claimed == null ? (Object) "unrecorded" : Integer.valueOf(claimed.attempts()));
        NetworkWrites.callStarted();
        watching = true;
        othersWritesAtStart = runtime.network().unscopedWrites();
        outerScope = IntentScope.enter(this);
    }

    /** The body is over: what the call and the other threads wrote to the network meanwhile is settled. */
    private CallOutcome judgeBody(Throwable thrown) {
        boolean othersWrote = runtime.network().unscopedWrites() != othersWritesAtStart;
        if (watching) {
            watching = false;
            NetworkWrites.callEnded();
        }
        return CallOutcome.judge(thrown, wire, othersWrote);
    }

    @Override
    public boolean skipBody() {
        return reply != null;
    }

    @Override
    public String intentKey() {
        return key.value();
    }

    @Override
    public boolean sideEffect() {
        return true;
    }

    @Override
    public Object wire() {
        return wire;
    }

    /**
     * The retry the agent owns ({@code retry:}): the body ended; if it failed before anything was processed and the
     * budget allows, waits (the provider's Retry-After, else the jittered backoff), notes the attempt in the claim and
     * runs the body again, with the same key on the wire. Anything that may have acted ends the call as judged.
     */
    @Override
    protected boolean again(Object returned, Throwable thrown) {
        RetryBudget budget = binding.tool().retry();
        if (reply != null || claimed == null || budget == null || runtime.audit()) {
            return false;
        }
        IntentScope.exit(outerScope);
        judged = judgeBody(thrown);
        if (judged.kind != CallOutcome.Kind.FAILED || !judged.retryable) {
            return false;
        }
        long now = runtime.now();
        if (round >= budget.attempts()) {
            budgetSpent = round + (round == 1 ? " attempt" : " attempts") + " (retry.attempts)";
            return false;
        }
        long retryAfter = wire.retryAfterMillis();
        long wait = Math.max(retryAfter, budget.waitMillis(round + 1, ThreadLocalRandom.current().nextDouble()));
        if (now + wait > beganAt + budget.deadline().toMillis()) {
            budgetSpent = round + (round == 1 ? " attempt" : " attempts") + " within retry.deadline " + budget.deadline()
                    + (retryAfter >= 0 && retryAfter >= wait ? " (the provider asked to wait " + retryAfter + " ms)" : "");
            return false;
        }
        IntentRecord next = claimed.nextAttempt(now);
        try {
            if (!store.replace(key.value(), claimed, next)) {
                return false;                                              // no longer our claim: the failure is recorded
            }
        } catch (RuntimeException e) {
            runtime.storeError(e, "A retry of " + key + " was not made: its attempt could not be recorded.");
            return false;
        }
        claimed = next;
        runtime.intentLog().info("retry tool={} key={} attempt {}/{} in {} ms{}: {}", binding.toolName(), key, round + 1,
                budget.attempts(), wait, retryAfter >= 0 ? " (Retry-After)" : "", judged.reason);
        try {
            runtime.pause(wait);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        round++;
        judged = null;
        wire.nextRound();
        startBody();
        return true;
    }

    @Override
    protected void exit(Object returned, Throwable thrown) {
        if (reply != null) {
            runtime.intentLog().info("{} tool={} key={} (body not run)", reply.status.wireName(), binding.toolName(), key);
            reply.deliver(this, binding, owner, key.value());
            audit.end(false, reply.status.wireName(), null, null, wire);
            return;
        }
        CallOutcome outcome = judged;
        if (outcome == null) {
            IntentScope.exit(outerScope);
            outcome = judgeBody(thrown);
        }
        String bodyAnswer = thrown == null ? "result" : "error";
        if (claimed == null) {                                             // unguarded or audit repeat
            if (runtime.audit() && store != null) {
                auditMerge(outcome, returned, thrown);
            }
            audit.end(true, bodyAnswer, outcomeName(outcome), thrown, wire);
            return;
        }
        String answer = bodyAnswer;
        String outcomeName = null;
        boolean deferred = false;
        try {
            long now = runtime.now();
            outcomeName = outcomeName(outcome);
            switch (outcome.kind) {
                case DONE:                                                 // the caller gets the body's result
                    ResultJson.Stored result = ResultJson.of(returned, runtime.config().store().maxResultBytes());
                    deferred = recordFinished(claimed.done(result.json, result.truncated, now));
                    return;
                case FAILED:                                               // safe to try again, same key
                    IntentRecord failed = claimed.failed(thrown == null ? null : thrown.getClass().getName(), now);
                    if (budgetSpent != null) {                             // our retries did not get through: a person
                        failed = failed.asEscalated();
                        deferred = recordFinished(failed);
                        budgetSpent(failed, outcome);
                        answer = ToolStatus.FAILED.wireName();
                        return;
                    }
                    deferred = recordFinished(failed);
                    runtime.intentLog().info("failed tool={} key={}: {}; the next call may try again", binding.toolName(),
                            key, outcome.reason);
                    return;                                                // the body's exception or result stands
                default:                                                   // unknown: never re-sent blindly
                    IntentRecord unknown = claimed.pendingUnknown(thrown == null ? "returned" : thrown.getClass().getName(), now);
                    if (binding.check() != null && !runtime.audit()) {
                        unknown = unknown.asked(now);                      // the check below asks: repeats wait check-interval
                    }
                    if (runtime.audit()) {                                 // audit: the original outcome stands
                        record(unknown);
                        runtime.intentLog().warn("audit: tool={} key={}: {}; enforce mode would answer pending_unknown "
                                + "and not run repeats", binding.toolName(), key, outcome.reason);
                        return;
                    }
                    // Check, don't retry. The claim stays held meanwhile (repeats wait for it), and what the check found
                    // is recorded over it: a process that dies in between leaves the claim, which reads as unknown.
                    IntentRecord confirmed = runCheck(unknown);
                    if (confirmed != null) {
                        deferred = recordFinished(confirmed);
                        runtime.intentLog().info("check {} found {} done: the intent becomes DONE", binding.check().methodName(),
                                key);
                        StatusReply.confirmedDone(confirmed.result(), confirmed.resultTruncated())
                                .deliver(this, binding, owner, key.value());
                        answer = ToolStatus.DONE.wireName();
                        outcomeName = IntentStatus.DONE.displayName();
                        return;
                    }
                    deferred = recordFinished(unknown);
                    runtime.intentLog().warn("pending_unknown tool={} key={}: {}; repeats will not run it again",
                            binding.toolName(), key, outcome.reason);
                    StatusReply.pendingUnknown(thrown).deliver(this, binding, owner, key.value());
                    answer = ToolStatus.PENDING_UNKNOWN.wireName();
            }
        } finally {
            if (!deferred) {
                releaseClaim();
            }
            audit.end(true, answer, outcomeName, thrown, wire);
        }
    }

    /** The claim is over: its lease (shared store) and this JVM's registration, which local duplicates wait on. */
    private void releaseClaim() {
        if (lease != null) {
            lease.close();
        }
        runtime.inFlight().release(key.value(), registration);
    }

    /**
     * The retry budget ran out on failures from before anything was processed: nothing happened, yet trying again at
     * once will not help. The intent (recorded FAILED, escalated) is said once to a person; a tool that hands its result
     * to a model answers {@code failed} saying so, any other keeps its own last exception or result.
     */
    private void budgetSpent(IntentRecord failed, CallOutcome outcome) {
        String why = "retry budget spent after " + budgetSpent + ": " + outcome.reason;
        runtime.intentLog().warn("failed tool={} key={}: {}; nothing was processed", binding.toolName(), key, why);
        if (claimed.escalated()) {
            runtime.intentLog().info("intent {} was escalated before; not said again", key);
        } else {
            runtime.escalation().announce(key.value(), failed, why, binding, owner, self);
        }
        if (binding.shape().carriesStatus()) {
            StatusReply.failed(binding.toolName() + " did not go through: " + round + (round == 1 ? " attempt was" : " attempts were")
                    + " refused before anything was processed (" + outcome.reason + "). Do not retry " + binding.toolName()
                    + " now; tell the user it did not go through and that it was passed to a person.")
                    .deliver(this, binding, owner, key.value());
        }
    }

    /**
     * Records the outcome of a call that ran (DONE, FAILED, unknown). On a shared store the write goes off the caller's
     * thread, so that the caller waits for no store operation after its body; the claim stays held meanwhile (its lease renewed, this JVM's registration
     * kept), so a repeat here or on another JVM waits for the write and then reads it, never the claim of a call that
     * ended. A write that never lands leaves the claim to run out: unknown, never free to run again. On this host's
     * store (microseconds) it is written at once. Returns whether the claim is released by the write.
     */
    private boolean recordFinished(IntentRecord next) {
        if (!(store instanceof FleetStore) || runtime.audit()) {
            record(next);
            return false;
        }
        runtime.writeLater(() -> {
            try {
                record(next);
            } finally {
                releaseClaim();
            }
        });
        return true;
    }

    /** The intent's state an outcome leads to, as the journal names it. */
    private static String outcomeName(CallOutcome outcome) {
        switch (outcome.kind) {
            case DONE:
                return IntentStatus.DONE.displayName();
            case FAILED:
                return IntentStatus.FAILED.displayName();
            default:
                return IntentStatus.PENDING_UNKNOWN.displayName();
        }
    }

    private void record(IntentRecord next) {
        try {
            if (store.replace(key.value(), claimed, next)) {
                return;
            }
            if (runtime.audit()) {
                merge(next);                                               // another audited call ran it meanwhile
                return;
            }
            IntentRecord current = store.get(key.value());
            if (next.status() == IntentStatus.DONE && current != null && current.unknown() && claimed.sameClaimAs(current)
                    && store.replace(key.value(), current, next)) {
                // Taken for dead while it ran (its lease ran out: a pause, a partition), it finished after all: DONE is
                // the truth, and it never lets the intent run again. Any other late outcome leaves the unknown standing.
                runtime.intentLog().warn("intent {} was taken for unknown while its call ran, and the call then completed: "
                        + "recorded DONE", key);
                return;
            }
            runtime.log().warn("intent {} changed while its call ran; the newer record is kept", key);
        } catch (RuntimeException e) {
            runtime.storeError(e, "The outcome of " + key + " was not recorded; it reads as pending_unknown.");
        }
    }

    /**
     * {@code mode: audit} ran the body without a claim of its own (the intent was already recorded, or in flight
     * elsewhere): what it did goes into the record all the same, so that enforce mode, later, never runs an intent
     * whose effect an audited call made.
     */
    private void auditMerge(CallOutcome outcome, Object returned, Throwable thrown) {
        if (outcome.kind == CallOutcome.Kind.FAILED) {
            return;                                                        // it did nothing: the record stands
        }
        long now = runtime.now();
        IntentRecord base = IntentRecord.inFlight(binding.toolName(), fingerprint, checkArguments(), now);
        IntentRecord next;
        if (outcome.kind == CallOutcome.Kind.DONE) {
            ResultJson.Stored result = ResultJson.of(returned, runtime.config().store().maxResultBytes());
            next = base.done(result.json, result.truncated, now);
        } else {
            next = base.pendingUnknown(thrown == null ? "returned" : thrown.getClass().getName(), now);
        }
        try {
            merge(next);
        } catch (RuntimeException e) {
            runtime.storeError(e, "Audit records are incomplete until it recovers.");
        }
    }

    /**
     * Folds an outcome into the intent's record, in compare-and-set rounds: an effect that happened (DONE) wins over
     * one that may have (unknown), which wins over a definite failure or a claim still in flight; the first result of
     * a DONE record is kept.
     */
    private void merge(IntentRecord outcome) {
        for (int round = 0; round < MAX_CLAIM_RACES; round++) {
            IntentRecord current = store.get(key.value());
            if (current == null) {
                if (store.claimOrGet(key.value(), outcome) == null) {
                    return;
                }
                continue;
            }
            IntentRecord next = merged(current, outcome);
            if (next == null || store.replace(key.value(), current, next)) {
                return;
            }
        }
        runtime.log().warn("intent {} kept changing while an audited call recorded its outcome; the newer record is kept", key);
    }

    /** What {@code current} becomes with {@code outcome} folded in, or {@code null} to keep it. */
    private static IntentRecord merged(IntentRecord current, IntentRecord outcome) {
        IntentStatus now = current.status();
        if (now == IntentStatus.DONE) {
            return null;
        }
        if (outcome.status() == IntentStatus.DONE) {
            return current.done(outcome.result(), outcome.resultTruncated(), outcome.updatedAt());
        }
        if (current.unknown()) {
            return null;
        }
        return current.pendingUnknown(outcome.error(), outcome.updatedAt());    // FAILED or IN_FLIGHT: may have happened
    }
}
