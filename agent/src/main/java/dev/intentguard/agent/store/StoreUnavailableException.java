package dev.intentguard.agent.store;

/** The store cannot answer: not open (yet), or failed to open. The message names the file and the remedy. */
public final class StoreUnavailableException extends Exception {
    private static final long serialVersionUID = 1L;

    public StoreUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
