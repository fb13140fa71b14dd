package dev.intentguard.agent.store;

/**
 * A store operation could not take its lock within {@code store.lock-timeout}: another thread or process holds
 * it, or a process died holding it. The caller answers without the store (never by running the call twice).
 */
public final class StoreBusyException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public StoreBusyException(String message) {
        super(message);
    }
}
