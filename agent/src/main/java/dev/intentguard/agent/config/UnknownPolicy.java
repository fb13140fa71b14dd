package dev.intentguard.agent.config;

/** A tool's {@code unknown:}: what a repeat of an intent whose outcome is unknown does. */
public enum UnknownPolicy implements ConfigChoice {
    /** Run the tool's {@code check} (at most once per {@code reconcile.check-interval}); without a check, answer as is. */
    CHECK("check"),
    /**
     * Send the request once more with the same key (at most once per {@code reconcile.check-interval}, never while another
     * attempt is in flight): for providers that replay a key's first response, whose answer then settles the intent.
     */
    RESEND_SAME_KEY("resend-same-key");

    private final String configName;

    UnknownPolicy(String configName) {
        this.configName = configName;
    }

    @Override
    public String configName() {
        return configName;
    }
}
