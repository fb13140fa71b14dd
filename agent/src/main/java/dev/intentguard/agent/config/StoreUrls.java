package dev.intentguard.agent.config;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The URLs of shared stores: {@code redis://[user:password@]host:port[/db]}, {@code rediss://} (TLS),
 * {@code jdbc:postgresql://host:port/db?user=...&password=...} and libpq's {@code postgresql://user:password@host/db}.
 * Passwords never reach a log: {@link #masked} is how every message shows a URL.
 */
public final class StoreUrls {
    /** What kind of shared store a URL names. */
    public enum Kind { REDIS, POSTGRES }

    private static final Pattern USERINFO = Pattern.compile("^([a-z+:]+//)([^/@]*)@");
    private static final Pattern PASSWORD_PARAM = Pattern.compile("(?i)([?&]password=)[^&]*");

    private StoreUrls() {
    }

    /** The kind of store {@code url} names, or {@code null} for an unknown scheme. */
    public static Kind kind(String url) {
        String u = url.toLowerCase(Locale.ROOT);
        if (u.startsWith("redis://") || u.startsWith("rediss://")) {
            return Kind.REDIS;
        }
        if (u.startsWith("jdbc:postgresql://") || u.startsWith("postgresql://") || u.startsWith("postgres://")) {
            return Kind.POSTGRES;
        }
        return null;
    }

    /** {@code url} with any password replaced by {@code ***}. */
    public static String masked(String url) {
        if (url == null) {
            return null;
        }
        String out = url;
        Matcher m = USERINFO.matcher(out);
        if (m.find()) {
            String userInfo = m.group(2);
            int colon = userInfo.indexOf(':');
            String shown = colon < 0 ? (userInfo.isEmpty() ? "" : userInfo) : userInfo.substring(0, colon) + ":***";
            if (colon < 0 && kind(url) == Kind.REDIS && !userInfo.isEmpty()) {
                shown = "***";                                   // redis://password@host: the user info is the password
            }
            out = m.group(1) + shown + "@" + out.substring(m.end());
        }
        return PASSWORD_PARAM.matcher(out).replaceAll("$1***");
    }
}
