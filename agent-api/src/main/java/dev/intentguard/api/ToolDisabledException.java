package dev.intentguard.api;

/** The tool is switched off by the operator; the body did not run. */
public class ToolDisabledException extends ToolStatusException {
    private static final long serialVersionUID = 1L;

    public ToolDisabledException(String tool, String intentKey, Throwable cause) {
        super(ToolStatus.DISABLED, tool, intentKey, cause);
    }
}
