package dev.intentguard.junit;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One request as the {@link FaultyProvider} received it, and what it did with it. */
public final class ProviderRequest {
    private final int number;
    private final String method;
    private final String path;
    private final String query;
    private final Map<String, String> headers;
    private final String body;
    volatile String keyHeader = FaultyProvider.DEFAULT_KEY_HEADER;
    volatile String intent;
    volatile String handling = "";
    volatile boolean effect;
    volatile boolean replayed;

    ProviderRequest(int number, String method, String target, Map<String, String> headers, String body) {
        this.number = number;
        this.method = method;
        int q = target.indexOf('?');
        this.path = q < 0 ? target : target.substring(0, q);
        this.query = q < 0 ? "" : target.substring(q + 1);
        this.headers = Collections.unmodifiableMap(headers);
        this.body = body;
    }

    /** 1 for the provider's first request. */
    public int number() {
        return number;
    }

    public String method() {
        return method;
    }

    public String path() {
        return path;
    }

    /** The raw query, without {@code ?}; empty when none. */
    public String query() {
        return query;
    }

    /** A header's value (the name in any case), or {@code null}. */
    public String header(String name) {
        return headers.get(name.toLowerCase(Locale.ROOT));
    }

    /** The idempotency key it carried (the provider's key header, {@code Idempotency-Key} unless told otherwise). */
    public String idempotencyKey() {
        return header(keyHeader);
    }

    /** Every header, by lower-case name. */
    public Map<String, String> headers() {
        return headers;
    }

    public String body() {
        return body;
    }

    /** POST, PUT, PATCH or DELETE: a request that may make an effect. */
    public boolean isWrite() {
        return !"GET".equals(method) && !"HEAD".equals(method) && !"OPTIONS".equals(method);
    }

    /**
     * A field of the body, JSON ({@code "name": "value"} or a number, at any depth) or form-encoded
     * ({@code name=value}), else of the query; {@code null} when absent. Enough to say which business intent a request
     * is for without a JSON library.
     */
    public String field(String name) {
        String v = field(body, name);
        return v != null ? v : formField(query, name);
    }

    /** The business intent this write was counted for ({@link FaultyProvider#intentOf}); {@code null} for reads. */
    public String intent() {
        return intent;
    }

    /** It made an effect: the provider processed it and it was not a replay of an earlier key. */
    public boolean madeEffect() {
        return effect;
    }

    /** Answered with the first response of its idempotency key (a provider that honours keys). */
    public boolean replayed() {
        return replayed;
    }

    /** What the provider did with it ({@link Fault}'s words, or "lookup", "replayed"). */
    public String handling() {
        return handling;
    }

    static String field(String text, String name) {
        if (text == null || text.isEmpty()) {
            return null;
        }
        Matcher m = Pattern.compile("\"" + Pattern.quote(name) + "\"\\s*:\\s*(?:\"((?:[^\"\\\\]|\\\\.)*)\"|(-?[0-9][0-9.eE+-]*|true|false))")
                .matcher(text);
        if (m.find()) {
            return m.group(1) != null ? m.group(1) : m.group(2);
        }
        return text.trim().startsWith("{") ? null : formField(text, name);
    }

    private static String formField(String text, String name) {
        if (text == null) {
            return null;
        }
        for (String pair : text.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0 && URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8).equals(name)) {
                return URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            }
        }
        return null;
    }

    @Override
    public String toString() {
        String key = idempotencyKey();
        return "#" + number + " " + method + " " + path + (query.isEmpty() ? "" : "?" + query)
                + " " + keyHeader + ": " + (key == null ? "(none)" : key) + (handling.isEmpty() ? "" : ", " + handling)
                + (effect ? ", made an effect" : "");
    }
}
