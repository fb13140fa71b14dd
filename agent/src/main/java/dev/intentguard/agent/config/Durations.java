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

    /** {@code d} as a config writes it, in its largest whole unit: {@code 100ms}, {@code 30s}, {@code 7d}. */
    static String written(Duration d) {
        long millis = d.toMillis();
        if (millis % 1000 != 0) {
            return millis + "ms";
        }
        long seconds = millis / 1000;
        if (seconds == 0 || seconds % 60 != 0) {
            return seconds + "s";
        }
        if (seconds % 3600 != 0) {
            return seconds / 60 + "m";
        }
        return seconds % 86_400 != 0 ? seconds / 3600 + "h" : seconds / 86_400 + "d";
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
