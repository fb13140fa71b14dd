package dev.intentguard.agent.tool;

import dev.intentguard.agent.wire.WireLog;
import dev.intentguard.agent.wire.WireVerdict;

/**
 * How a side-effect call ended. The rule: the effect is unknown unless something proves it happened (every write
 * answered with success and the tool returned) or proves it did not. What the wire showed comes first: a "connection
 * refused" an SDK wrapped in its own exception is still nothing sent, and a tool that returned "Error: timeout" as
 * text still left a request without an answer. Without any request the agent follows, an exception proves nothing
 * unless the call provably made no network write at all: not on its own threads, and not on any thread that runs no
 * guarded call (where work handed to a client's own I/O thread would go).
 *
 * <p>Each branch, and why it cannot let an effect that may have happened run again, is in the table "How an outcome
 * is judged" of docs/architecture.md.
 */
final class CallOutcome {
    enum Kind {
        /** The effect happened (or the tool completed without writing): record DONE with the result. */
        DONE,
        /** The effect definitely did not happen: record FAILED; the next call may try again. */
        FAILED,
        /** Nobody knows: record PENDING_UNKNOWN; never re-send blindly. */
        UNKNOWN
    }

    final Kind kind;
    final String reason;
    /** FAILED before anything was processed (nothing sent, a 429, a status the tool names): a retry may go through. */
    final boolean retryable;

    private CallOutcome(Kind kind, String reason) {
        this(kind, reason, false);
    }

    private CallOutcome(Kind kind, String reason, boolean retryable) {
        this.kind = kind;
        this.reason = reason;
        this.retryable = retryable;
    }

    /**
     * @param thrown what the body threw, or {@code null} when it returned
     * @param wire the call's requests and network writes
     * @param othersWrote whether threads running no guarded call wrote to the network while the body ran
     */
    static CallOutcome judge(Throwable thrown, WireLog wire, boolean othersWrote) {
        return judge(thrown, wire, othersWrote, java.util.Set.of());
    }

    /** @param notProcessed statuses the tool's provider answers before processing anything, beyond 429 */
    static CallOutcome judge(Throwable thrown, WireLog wire, boolean othersWrote, java.util.Set<Integer> notProcessed) {
        WireVerdict verdict = wire.verdict();
        String returned = thrown == null ? "the tool returned, but " : "";
        switch (verdict.kind()) {
            case UNKNOWN:
                return new CallOutcome(Kind.UNKNOWN, returned + verdict.reason());
            case SUCCEEDED:
                return thrown == null ? new CallOutcome(Kind.DONE, null)
                        : new CallOutcome(Kind.UNKNOWN, "the request succeeded but the tool then threw "
                        + thrown.getClass().getSimpleName());
            case FAILED: {
                String peer = wire.foreignPeer();
                if (peer != null) {
                    return new CallOutcome(Kind.UNKNOWN, returned + verdict.reason() + ", but the call also wrote to "
                            + peer + ", where no request the agent follows went: that write may have been the effect");
                }
                return new CallOutcome(Kind.FAILED, returned + verdict.reason(), wire.retryable());
            }
            default:
                if (thrown == null) {
                    return new CallOutcome(Kind.DONE, null);
                }
                return noEvidence(thrown, wire, othersWrote, notProcessed);
        }
    }

    /** An exception, and no request the agent follows: definite only if provably nothing went to the network. */
    private static CallOutcome noEvidence(Throwable thrown, WireLog wire, boolean othersWrote, java.util.Set<Integer> notProcessed) {
        String name = thrown.getClass().getSimpleName();
        if (wire.wroteToNetwork()) {
            return new CallOutcome(Kind.UNKNOWN, name + " after the call wrote to the network through a client the agent "
                    + "does not follow");
        }
        if (othersWrote) {
            return new CallOutcome(Kind.UNKNOWN, name + " while other threads wrote to the network: the agent cannot prove "
                    + "that this call sent nothing");
        }
        FailureClassifier.Verdict v = FailureClassifier.classify(thrown, notProcessed);
        return new CallOutcome(v.definite ? Kind.FAILED : Kind.UNKNOWN, v.definite ? v.reason + "; no network write "
                + "happened during the call" : v.reason, v.retryable);
    }
}
