package dev.intentguard.agent.config;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** The {@code http:} section: how the intent key travels on outgoing requests of a guarded tool. */
public final class HttpSettings {
    /** {@code client-retries}: what happens to an HTTP client's or SDK's own resends inside a guarded tool. */
    public enum ClientRetries implements ConfigChoice {
        /** Each request is sent at most once; the resends the client would make are recorded, not sent. */
        SUPPRESS("suppress"),
        /** The client's resends go ahead, each carrying the same key. */
        SAME_KEY("same-key");

        private final String configName;

        ClientRetries(String configName) {
            this.configName = configName;
        }

        @Override
        public String configName() {
            return configName;
        }
    }

    /** {@code format}: a bare token (Stripe and most providers) or an IETF structured-field string. */
    public enum Format implements ConfigChoice {
        TOKEN("token"),
        SF_STRING("sf-string");

        private final String configName;

        Format(String configName) {
            this.configName = configName;
        }

        @Override
        public String configName() {
            return configName;
        }
    }

    static final Setting<String> HEADER = Setting.matching("http.header", Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+"),
            "Idempotency-Key", "is not an HTTP header name",
            "write a header name such as Idempotency-Key (letters, digits and '-')")
            .doc("The header name.");
    static final Setting<Format> FORMAT = Setting.choice("http.format", Format.class, Format.TOKEN,
            "write format: token (the key as is) or format: sf-string (quoted, as the IETF draft says)")
            .doc("`token`: the key as is (Stripe and most providers).");
    static final Setting<List<String>> HOSTS = Setting.words("http.hosts", List.of(),
            Pattern.compile("[A-Za-z0-9.\\-\\[\\]:]+"),
            "write host names or host:port, e.g. hosts: [api.stripe.com, 127.0.0.1:8080]")
            .doc("Only requests to these hosts (`host` or `host:port`) get the key; empty means any host.");
    static final Setting<ClientRetries> CLIENT_RETRIES = Setting.choice("http.client-retries", ClientRetries.class,
            ClientRetries.SUPPRESS, "write client-retries: suppress (send each request once) or client-retries: same-key")
            .doc("`suppress`: inside a side-effect tool each request is sent at most once; the resends a client or SDK would make are recorded (`intentguard.http`, INFO) and not sent, and a retry framework inside the tool stops once the outcome is unknown (`intentguard.retry`, INFO; see [below](#sdk-and-framework-retries)).");
    static final Setting<List<String>> METHODS = Setting.words("http.methods", List.of("POST", "PUT", "PATCH", "DELETE"),
            Pattern.compile("[A-Za-z]+"), "write HTTP methods, e.g. methods: [POST, PUT, PATCH, DELETE]")
            .doc("Methods that get the key; requests with other methods are untouched.");
    static final Section SECTION = new Section("http", "http.", "indent header:, format:, hosts: ... under http:",
            HEADER, FORMAT, HOSTS, CLIENT_RETRIES, METHODS);

    public static final HttpSettings DEFAULTS = from(SECTION.empty());

    private final String header;
    private final Format format;
    private final List<String> hosts;
    private final ClientRetries clientRetries;
    private final Set<String> methods;

    public HttpSettings(String header, Format format, List<String> hosts, ClientRetries clientRetries, List<String> methods) {
        this.header = header;
        this.format = format;
        this.hosts = List.of(cased(hosts, false));
        this.clientRetries = clientRetries;
        this.methods = Set.copyOf(Arrays.asList(cased(methods, true)));
    }

    /**
     * A loop, not a stream: premain binds the settings, and a stream's collector spins some ten lambdas in a cold JVM
     * (0.3-0.5 ms each here, docs/performance.md).
     */
    private static String[] cased(List<String> words, boolean upper) {
        String[] cased = new String[words.size()];
        for (int i = 0; i < cased.length; i++) {
            cased[i] = upper ? words.get(i).toUpperCase(Locale.ROOT) : words.get(i).toLowerCase(Locale.ROOT);
        }
        return cased;
    }

    static HttpSettings from(Section.Values v) {
        return new HttpSettings(v.get(HEADER), v.get(FORMAT), v.get(HOSTS), v.get(CLIENT_RETRIES), v.get(METHODS));
    }

    /** The header name, {@code Idempotency-Key} by default. */
    public String header() {
        return header;
    }

    public Format format() {
        return format;
    }

    /** Allowed {@code host} or {@code host:port} entries, lower case; empty means any host. */
    public List<String> hosts() {
        return hosts;
    }

    public ClientRetries clientRetries() {
        return clientRetries;
    }

    /** Methods that get the key, upper case. */
    public Set<String> methods() {
        return methods;
    }

    /** Whether {@code method} is one that changes things (a write whose outcome is evidence). */
    public boolean isWrite(String method) {
        return method != null && methods.contains(method.toUpperCase(Locale.ROOT));
    }

    /** Whether a request with this method to this host gets the key. */
    public boolean covers(String method, String host, int port) {
        if (method == null || !methods.contains(method.toUpperCase(Locale.ROOT))) {
            return false;
        }
        if (hosts.isEmpty()) {
            return true;
        }
        String h = host == null ? "" : host.toLowerCase(Locale.ROOT);
        return hosts.contains(h) || (port > 0 && hosts.contains(h + ":" + port));
    }

    /** The header value for {@code key} in the configured format. */
    public String headerValue(String key) {
        return format == Format.SF_STRING ? "\"" + key + "\"" : key;
    }
}
