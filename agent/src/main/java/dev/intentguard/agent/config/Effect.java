package dev.intentguard.agent.config;

/** How a tool's call changes the world, which decides what the agent does with it. */
public enum Effect implements ConfigChoice {
    /** Only reads: retried freely, never instrumented. */
    READ("read"),
    /** Safe to repeat with the same arguments: runs every time, always with the same intent key. */
    IDEMPOTENT("idempotent"),
    /** Changes the world: recorded before the call, run at most once per intent, never blindly repeated. */
    SIDE_EFFECT("side_effect");

    private final String configName;

    Effect(String configName) {
        this.configName = configName;
    }

    @Override
    public String configName() {
        return configName;
    }
}
