package dev.intentguard.it.app;

/** An argument whose getter throws: the agent cannot compute a key from it, and the host must not notice. */
public final class Unkeyable {
    private final String id;

    public Unkeyable(String id) {
        this.id = id;
    }

    public String getId() {
        throw new IllegalStateException("this getter always fails");
    }

    @Override
    public String toString() {
        return id;
    }
}
