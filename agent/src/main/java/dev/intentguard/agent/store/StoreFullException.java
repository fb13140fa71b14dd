package dev.intentguard.agent.store;

/** The store has no room for a new intent: finished intents must expire (or be evicted) first. */
public final class StoreFullException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public StoreFullException(String message) {
        super(message);
    }
}
