package dev.intentguard.it.audit;

/** What the refund tool returns: a typed result, so the agent's statuses reach the caller as exceptions. */
public final class Receipt {
    public String id;
    public String path;

    public Receipt() {
    }

    public Receipt(String id, String path) {
        this.id = id;
        this.path = path;
    }

    @Override
    public String toString() {
        return "Receipt " + id;
    }
}
