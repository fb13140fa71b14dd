package dev.intentguard.agent.config;

/**
 * What happens when intentguard itself cannot do its job (bad config, unusable store): the application
 * runs without the guard ({@code fail-open}), or guarded tools refuse to run unguarded ({@code fail-closed}).
 */
public enum OnError {
    FAIL_OPEN("fail-open"),
    FAIL_CLOSED("fail-closed");

    private final String configName;

    OnError(String configName) {
        this.configName = configName;
    }

    public String configName() {
        return configName;
    }

    static OnError ofConfigName(String name) {
        for (OnError e : values()) {
            if (e.configName.equals(name)) {
                return e;
            }
        }
        return null;
    }
}
