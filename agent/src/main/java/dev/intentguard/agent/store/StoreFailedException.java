package dev.intentguard.agent.store;

/**
 * One operation of a shared store failed: the server is unreachable, slower than {@code store.operation-timeout}, or
 * dropped the connection. The call answers as {@code on-error} says; the next operation connects again.
 */
public final class StoreFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public StoreFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
