package dev.intentguard.agent.config;

/**
 * What happens when intentguard itself cannot do its job (bad config, unusable store): the application
 * runs without the guard ({@code fail-open}), or guarded tools refuse to run unguarded ({@code fail-closed}).
 */
public enum OnError implements ConfigChoice {
    FAIL_OPEN("fail-open"),
    FAIL_CLOSED("fail-closed");

    private final String configName;

    OnError(String configName) {
        this.configName = configName;
    }

    @Override
    public String configName() {
        return configName;
    }
}
