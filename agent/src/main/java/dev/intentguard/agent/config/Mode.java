package dev.intentguard.agent.config;

/** Whether the agent acts ({@code enforce}) or only records what it would have done ({@code audit}). */
public enum Mode implements ConfigChoice {
    ENFORCE("enforce"),
    AUDIT("audit");

    private final String configName;

    Mode(String configName) {
        this.configName = configName;
    }

    @Override
    public String configName() {
        return configName;
    }
}
