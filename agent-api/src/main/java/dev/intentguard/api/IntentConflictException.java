package dev.intentguard.api;

/** The same intent was called earlier with other details; the body did not run. */
public class IntentConflictException extends ToolStatusException {
    private static final long serialVersionUID = 1L;

    public IntentConflictException(String tool, String intentKey, Throwable cause) {
        super(ToolStatus.REJECTED, tool, intentKey, cause);
    }
}
