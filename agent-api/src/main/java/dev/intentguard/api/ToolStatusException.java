package dev.intentguard.api;

/**
 * Thrown by a guarded tool whose return type cannot carry a status (anything but text, maps, plain
 * objects and JSON nodes). The message is the same one-line instruction the model would read.
 */
public abstract class ToolStatusException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final ToolStatus status;
    private final String tool;
    private final String intentKey;

    protected ToolStatusException(ToolStatus status, String tool, String intentKey, Throwable cause) {
        this(status, tool, intentKey, status.instruction(tool), cause);
    }

    /** With an instruction of its own, where the status's general one would not say what happened. */
    protected ToolStatusException(ToolStatus status, String tool, String intentKey, String instruction, Throwable cause) {
        super(status.wireName() + ": " + instruction, cause);
        this.status = status;
        this.tool = tool;
        this.intentKey = intentKey;
    }

    public ToolStatus status() {
        return status;
    }

    public String tool() {
        return tool;
    }

    /** The intent key ({@code ig1:<tool>:<hash>}); never an argument value. */
    public String intentKey() {
        return intentKey;
    }
}
