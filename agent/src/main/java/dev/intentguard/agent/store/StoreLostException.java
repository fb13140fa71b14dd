package dev.intentguard.agent.store;

/**
 * A shared store lost its data: its identity (the epoch the agents agreed on) is gone or changed, as after a Redis
 * restart without persistence, a FLUSHDB, a failover to a replica that missed writes, a dropped schema. Intents
 * recorded before the loss are forgotten, so their repeats could run again: a call answers {@code pending_unknown}
 * under either {@code on-error} until an operator accepts the loss.
 */
public final class StoreLostException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public StoreLostException(String message) {
        super(message, null, false, false);
    }
}
