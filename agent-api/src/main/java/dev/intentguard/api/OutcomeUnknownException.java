package dev.intentguard.api;

/** The outcome of a side-effect call is unknown (it may have taken effect). Reconciliation resolves it; do not retry. */
public class OutcomeUnknownException extends ToolStatusException {
    private static final long serialVersionUID = 1L;

    public OutcomeUnknownException(String tool, String intentKey, Throwable cause) {
        super(ToolStatus.PENDING_UNKNOWN, tool, intentKey, cause);
    }
}
