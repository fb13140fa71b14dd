package dev.intentguard.api;

/** Another call for the same intent is still running; the body did not run. */
public class IntentInFlightException extends ToolStatusException {
    private static final long serialVersionUID = 1L;

    public IntentInFlightException(String tool, String intentKey, Throwable cause) {
        super(ToolStatus.IN_FLIGHT, tool, intentKey, cause);
    }
}
