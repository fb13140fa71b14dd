package dev.intentguard.agent.wire;

import dev.intentguard.api.bridge.HttpDispatch;

/** What the wire showed for one attempt of a request. */
public enum WireOutcome {
    /** Nothing reached the server. */
    NOT_SENT,
    /** Sent (or maybe sent) and no answer: timeout, reset. */
    NO_RESPONSE,
    /** The server answered. */
    RESPONSE,
    /** A resend the client would have made, stopped by the agent. */
    SUPPRESSED;

    /** From the bridge's constants. */
    public static WireOutcome of(int code) {
        switch (code) {
            case HttpDispatch.NOT_SENT:
                return NOT_SENT;
            case HttpDispatch.NO_RESPONSE:
                return NO_RESPONSE;
            case HttpDispatch.RESPONSE:
                return RESPONSE;
            case HttpDispatch.SUPPRESSED:
                return SUPPRESSED;
            default:
                throw new IllegalArgumentException("unknown wire outcome " + code);
        }
    }
}
