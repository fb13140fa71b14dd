package dev.intentguard.agent.config;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as people write them in config: {@code 500ms}, {@code 30s}, {@code 5m}, {@code 1h}, {@code 7d}, or ISO-8601. */
public final class Durations {
    private static final Pattern SHORT = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)");

    private Durations() {
    }

    /** The duration, or {@code null} if {@code text} is not one. */
    public static Duration parse(String text) {
        if (text == null) {
            return null;
        }
        String t = text.trim();
        Matcher m = SHORT.matcher(t);
        if (m.matches()) {
            long n = Long.parseLong(m.group(1));
            switch (m.group(2)) {
                case "ms":
                    return Duration.ofMillis(n);
                case "s":
                    return Duration.ofSeconds(n);
                case "m":
                    return Duration.ofMinutes(n);
                case "h":
                    return Duration.ofHours(n);
                default:
                    return Duration.ofDays(n);
            }
        }
        try {
            return Duration.parse(t);
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
