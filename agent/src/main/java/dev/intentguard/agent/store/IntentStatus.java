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
    PENDING_UNKNOWN(4, "pending_unknown"),
    /** Still unknown after {@code reconcile.escalate-after}: a person has to look (the model still reads pending_unknown). */
    REQUIRES_RECONCILIATION(5, "requires_reconciliation");

    private final int code;
    private final String displayName;

    IntentStatus(int code, String displayName) {
        this.code = code;
        this.displayName = displayName;
    }

    /** The code in the stored bytes (and in a shared store's status column). */
    public int code() {
        return code;
    }

    public String displayName() {
        return displayName;
    }

    /** The call ended and its outcome is known: the record may expire after {@code store.retention}. */
    public boolean finished() {
        return this == DONE || this == FAILED;
    }

    /** The status with this display name, or {@code null}. */
    public static IntentStatus ofDisplayName(String name) {
        for (IntentStatus s : values()) {
            if (s.displayName.equals(name)) {
                return s;
            }
        }
        return null;
    }

    public static IntentStatus ofCode(int code) {
        for (IntentStatus s : values()) {
            if (s.code == code) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown intent status code " + code);
    }
}
