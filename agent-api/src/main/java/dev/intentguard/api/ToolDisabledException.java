package dev.intentguard.api;

/**
 * The body did not run: the operator switched the tool off, or it cannot be run safely right now (it cannot be guarded
 * under {@code on-error: fail-closed}, or the intent store is full). The message says which.
 */
public class ToolDisabledException extends ToolStatusException {
    private static final long serialVersionUID = 1L;

    /** Switched off by the operator: the status's own instruction. */
    public ToolDisabledException(String tool, String intentKey, Throwable cause) {
        super(ToolStatus.DISABLED, tool, intentKey, cause);
    }

    /** Not run for another reason, which {@code instruction} tells the model. */
    public ToolDisabledException(String tool, String intentKey, String instruction, Throwable cause) {
        super(ToolStatus.DISABLED, tool, intentKey, instruction, cause);
    }
}
