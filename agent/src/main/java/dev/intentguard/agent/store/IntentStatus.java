package dev.intentguard.agent.store;

/** Where an intent stands in the store. The codes are part of the file format: never renumber them. */
public enum IntentStatus {
    /** Recorded before the call (write-ahead); the owner is running the body. */
    IN_FLIGHT(1, "in_flight"),
    /** The body completed; the first result is kept for replays. */
    DONE(2, "done"),
    /** The call definitely did not take effect; the next call for this intent may run the body again. */
    FAILED(3, "failed"),
    /** The call may have taken effect; it is never re-run blindly, it is checked. */
    PENDING_UNKNOWN(4, "pending_unknown");

    private final int code;
    private final String displayName;

    IntentStatus(int code, String displayName) {
        this.code = code;
        this.displayName = displayName;
    }

    int code() {
        return code;
    }

    public String displayName() {
        return displayName;
    }

    static IntentStatus ofCode(int code) {
        for (IntentStatus s : values()) {
            if (s.code == code) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown intent status code " + code);
    }
}
