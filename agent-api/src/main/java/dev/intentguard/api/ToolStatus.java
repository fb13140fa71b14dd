package dev.intentguard.api;

/**
 * What a guarded tool call ended as, in the words the model reads. Each status carries a one-line
 * instruction; {@code %s} in it stands for the tool name.
 */
public enum ToolStatus {
    /** The body ran now and completed. */
    DONE("done", "Completed. Tell the user it went through."),
    /** The same intent completed earlier; the first result is returned and the body did not run. */
    ALREADY_DONE("already_done",
            "Completed earlier. Tell the user it went through. Do not call %s again for this intent."),
    /** The call may have taken effect; nobody knows yet. The body is not run again. */
    PENDING_UNKNOWN("pending_unknown",
            "May have gone through; the outcome is being confirmed. Do not retry %s; tell the user it is being confirmed."),
    /** The call definitely did not take effect; calling again with the same arguments is safe. */
    FAILED("failed",
            "Did not go through. It is safe to call %s again with the same arguments."),
    /** Another call for the same intent is still running. */
    IN_FLIGHT("in_flight",
            "Another call for this intent is still running. Do not retry %s; tell the user it is being processed."),
    /**
     * The body did not run: the operator switched the tool off (this instruction), or it cannot be run safely right now
     * (it cannot be guarded under {@code on-error: fail-closed}, or the intent store is full: an instruction that says so).
     */
    DISABLED("disabled",
            "%s is switched off right now and did not run. Do not retry; tell the user it is unavailable for now."),
    /** The arguments conflict with an earlier call for the same intent; the body did not run. */
    REJECTED("rejected",
            "These details conflict with an earlier %s call for the same intent, so it did not run. Do not retry; ask the user to confirm the details.");

    private final String wireName;
    private final String instruction;

    ToolStatus(String wireName, String instruction) {
        this.wireName = wireName;
        this.instruction = instruction;
    }

    /** The name the model sees, e.g. {@code already_done}. */
    public String wireName() {
        return wireName;
    }

    /** The one-line instruction for a call of {@code tool}. */
    public String instruction(String tool) {
        return String.format(instruction, tool);
    }

    /** The status with the given {@link #wireName()}, or {@code null}. */
    public static ToolStatus ofWireName(String name) {
        for (ToolStatus s : values()) {
            if (s.wireName.equals(name)) {
                return s;
            }
        }
        return null;
    }
}
