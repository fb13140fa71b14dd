package dev.intentguard.api;

/** The intent completed earlier but its first result cannot be returned as the declared type. */
public class AlreadyDoneException extends ToolStatusException {
    private static final long serialVersionUID = 1L;

    public AlreadyDoneException(String tool, String intentKey, Throwable cause) {
        super(ToolStatus.ALREADY_DONE, tool, intentKey, cause);
    }
}
