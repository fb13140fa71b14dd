package dev.intentguard.agent.tool;

import dev.intentguard.agent.wire.WireVerdict;

/**
 * How a side-effect call ended, judged from the wire first and the exception second. What the wire proves
 * wins: a "connection refused" the client wrapped in some SDK exception is still nothing sent, and a tool
 * that returned "Error: timeout" as text still left a request without an answer.
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

    private CallOutcome(Kind kind, String reason) {
        this.kind = kind;
        this.reason = reason;
    }

    static CallOutcome judge(Throwable thrown, WireVerdict wire) {
        WireVerdict.Kind w = wire == null ? WireVerdict.Kind.NO_EVIDENCE : wire.kind();
        if (thrown == null) {
            switch (w) {
                case UNKNOWN:
                    return new CallOutcome(Kind.UNKNOWN, "the tool returned, but " + wire.reason());
                case FAILED:
                    return new CallOutcome(Kind.FAILED, "the tool returned, but " + wire.reason());
                default:
                    return new CallOutcome(Kind.DONE, null);
            }
        }
        switch (w) {
            case FAILED:
                return new CallOutcome(Kind.FAILED, wire.reason());
            case UNKNOWN:
                return new CallOutcome(Kind.UNKNOWN, wire.reason());
            case SUCCEEDED:
                return new CallOutcome(Kind.UNKNOWN, "the request succeeded but the tool then threw "
                        + thrown.getClass().getSimpleName());
            default:
                FailureClassifier.Verdict v = FailureClassifier.classify(thrown);
                return new CallOutcome(v.definite ? Kind.FAILED : Kind.UNKNOWN, v.reason);
        }
    }
}
