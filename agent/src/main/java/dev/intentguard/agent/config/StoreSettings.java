package dev.intentguard.agent.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Pattern;

/** The {@code store:} section. */
public final class StoreSettings {
    private static final String PATH_FIX = "write a file path, e.g. store.path: .intentguard/intents.dat";
    /** A relative path is taken from the JVM's working directory. */
    static final Setting<String> PATH = Setting.text("store.path", ".intentguard/intents.dat", PATH_FIX)
            .doc("The intent map file (Chronicle Map, memory-mapped).");
    static final Setting<String> URL = Setting.<String>own("store.url", null).documented("none")
            .doc("A store every replica of the service shares, instead of this host's file: `redis://host:6379/0` (`rediss://` for TLS, `redis://user:password@host:port/db`), or PostgreSQL as a JDBC URL `jdbc:postgresql://host:5432/db?user=intentguard` or libpq's `postgresql://user@host:5432/db`.");
    /** The namespace of a shared store: Redis key prefix {@code <namespace>:}, PostgreSQL schema. */
    static final Setting<String> NAMESPACE = Setting.matching("store.namespace",
                    Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,39}"), "intentguard", "is not a namespace (letters, digits and _, at most 40, not starting with a digit)",
                    "write e.g. namespace: intentguard_payments")
            .trimmed()
            .doc("Shared stores only: where the agent keeps its data in the server, the Redis key prefix (`<namespace>:*`) or the PostgreSQL schema.");
    static final Setting<Long> MAX_INTENTS = Setting.positiveLong("store.max-intents", 1_000_000,
            "write a whole number of intents, e.g. max-intents: 1000000")
            .doc("The file store: how many intents the store keeps (a shared store is as large as its server).");
    static final Setting<Duration> RETENTION = Setting.duration("store.retention", Duration.ofDays(7))
            .doc("How long a finished intent (`done`, `failed`) is remembered; the housekeeping thread removes expired ones every `reconcile.interval` (Redis: a TTL on each finished record; PostgreSQL: a batched `DELETE` of expired rows).");
    static final Setting<Duration> IN_FLIGHT_WAIT = Setting.duration("store.in-flight-wait", Duration.ofSeconds(30))
            .doc("How long a concurrent duplicate waits for the first call of the same intent to finish before it answers `in_flight`.");
    static final Setting<Long> MAX_RESULT_BYTES = Setting.positiveLong("store.max-result-bytes", 8192,
                    "write a number of bytes, e.g. max-result-bytes: 8192")
            .atMost(1 << 20, "store.max-result-bytes is above 1 MiB",
                    "keep first results small (the store is memory-mapped); 8192 is plenty for model-facing text")
            .doc("Largest first result kept for replays, in bytes of JSON (at most 1 MiB).");
    static final Setting<Duration> OPEN_TIMEOUT = Setting.duration("store.open-timeout", Duration.ofSeconds(10))
            .doc("How long guarded calls wait for the store to open and for the HTTP clients and SDKs they use to be woven (both happen in the background once the application's start has settled, or at once when a guarded call asks).");
    static final Setting<Duration> LOCK_TIMEOUT = Setting.duration("store.lock-timeout", Duration.ofSeconds(1))
            .doc("The longest one store operation waits for Chronicle's segment lock.");
    static final Setting<Duration> OPERATION_TIMEOUT = Setting.duration("store.operation-timeout", Duration.ofSeconds(1))
            .doc("Shared stores only: the longest a tool call waits for one store operation (getting a connection or making one, the round trips, one retry on a fresh connection when a pooled one turned out broken).");
    static final Setting<Duration> LEASE = Setting.duration("store.lease", Duration.ofSeconds(10))
            .doc("Shared stores only: how long an in-flight claim lasts on the server's clock without its owner renewing it (the owner renews every third of it while the call runs).");
    static final Section SECTION = new Section("store", "store.", "indent path:, max-intents:, retention: ... under store:",
            PATH, URL, NAMESPACE, MAX_INTENTS, RETENTION, IN_FLIGHT_WAIT, MAX_RESULT_BYTES, OPEN_TIMEOUT, LOCK_TIMEOUT,
            OPERATION_TIMEOUT, LEASE);

    public static final String DEFAULT_NAMESPACE = NAMESPACE.defaultValue();
    public static final Duration DEFAULT_OPERATION_TIMEOUT = OPERATION_TIMEOUT.defaultValue();
    public static final Duration DEFAULT_LEASE = LEASE.defaultValue();

    private final Path path;
    private final long maxIntents;
    private final Duration retention;
    private final Duration inFlightWait;
    private final int maxResultBytes;
    private final Duration openTimeout;
    private final Duration lockTimeout;
    private final String url;
    private final String namespace;
    private final Duration operationTimeout;
    private final Duration lease;

    public StoreSettings(Path path, long maxIntents, Duration retention, Duration inFlightWait, int maxResultBytes,
                         Duration openTimeout, Duration lockTimeout) {
        this(path, maxIntents, retention, inFlightWait, maxResultBytes, openTimeout, lockTimeout, null,
                DEFAULT_NAMESPACE, DEFAULT_OPERATION_TIMEOUT, DEFAULT_LEASE);
    }

    public StoreSettings(Path path, long maxIntents, Duration retention, Duration inFlightWait, int maxResultBytes,
                         Duration openTimeout, Duration lockTimeout, String url, String namespace,
                         Duration operationTimeout, Duration lease) {
        this.url = url;
        this.namespace = namespace;
        this.operationTimeout = operationTimeout;
        this.lease = lease;
        this.path = path;
        this.maxIntents = maxIntents;
        this.retention = retention;
        this.inFlightWait = inFlightWait;
        this.maxResultBytes = maxResultBytes;
        this.openTimeout = openTimeout;
        this.lockTimeout = lockTimeout;
    }

    /** The section's values, with a shared store's URL read and checked, and the rules between its settings. */
    static StoreSettings from(Section.Values v) {
        String url = null;
        if (v.isSet(URL)) {
            String written = v.text(URL);
            if (!v.single(URL)) {
                // said already: it must be a single value
            } else if (written == null || written.isBlank()) {
                v.problem(v.lineOf(URL), "store.url is empty", "write redis://host:6379/0 or jdbc:postgresql://host:5432/db, "
                        + "or remove it to keep the intents in store.path");
            } else if (StoreUrls.kind(written.trim()) == null) {
                v.problem(v.lineOf(URL), "store.url " + StoreUrls.masked(written.trim()) + " is not a store this agent knows",
                        "write redis://host:6379/0 (rediss:// for TLS) or jdbc:postgresql://host:5432/db "
                                + "(postgresql://user@host/db too)");
            } else {
                url = written.trim();
            }
            if (v.isSet(PATH)) {
                v.problem(v.lineOf(PATH), "store.path and store.url are both set: the intents live in one place",
                        "keep store.url for a store every replica shares, or store.path for this host's file, not both");
            }
        }
        Path path;
        try {
            path = Path.of(v.get(PATH)).toAbsolutePath().normalize();
        } catch (RuntimeException e) {
            v.problem(v.lineOf(PATH), "store.path \"" + v.written(PATH) + "\" is not a usable path (" + e.getMessage() + ")",
                    PATH_FIX);
            path = null;
        }
        Duration operation = v.get(OPERATION_TIMEOUT);
        Duration lease = v.get(LEASE);
        if (lease.compareTo(operation.multipliedBy(3)) < 0) {
            v.problem(v.isSet(LEASE) ? v.lineOf(LEASE) : v.lineOf(OPERATION_TIMEOUT), "store.lease " + lease.toMillis()
                    + " ms" + (v.isSet(LEASE) ? "" : " (the default)") + " is shorter than three operation timeouts ("
                    + operation.multipliedBy(3).toMillis() + " ms): a slow renewal would let the lease run out under a "
                    + "call that still runs", "raise store.lease to at least three store.operation-timeout");
        }
        return new StoreSettings(url != null ? null : path, v.get(MAX_INTENTS), v.get(RETENTION), v.get(IN_FLIGHT_WAIT),
                (int) Math.min(Integer.MAX_VALUE, v.get(MAX_RESULT_BYTES)), v.get(OPEN_TIMEOUT), v.get(LOCK_TIMEOUT), url,
                v.get(NAMESPACE), operation, lease);
    }

    /** A file store at {@code file} with these settings' sizes and timeouts (the test kit's store). */
    public StoreSettings fileAt(Path file) {
        return new StoreSettings(file, maxIntents, retention, inFlightWait, maxResultBytes, openTimeout, lockTimeout);
    }

    /** The intent map file, absolute (the file store; unused when {@link #url()} is set). */
    public Path path() {
        return path;
    }

    /** A shared store every JVM of a fleet uses ({@code redis://...}, {@code jdbc:postgresql://...}), or {@code null}. */
    public String url() {
        return url;
    }

    /** {@code true} when the intents live in a shared store rather than this host's file. */
    public boolean shared() {
        return url != null;
    }

    /** Where a shared store keeps its keys or tables: the Redis key prefix, the PostgreSQL schema. */
    public String namespace() {
        return namespace;
    }

    /** The longest one operation of a shared store may take before the call answers without it (see on-error). */
    public Duration operationTimeout() {
        return operationTimeout;
    }

    /** How long an in-flight claim on a shared store lasts without its owner renewing it. */
    public Duration lease() {
        return lease;
    }

    /** Where the store is, for logs and messages: the file, or the URL with its password masked. */
    public String description() {
        return url == null ? String.valueOf(path) : StoreUrls.masked(url);
    }

    public long maxIntents() {
        return maxIntents;
    }

    /** How long a finished intent is remembered. */
    public Duration retention() {
        return retention;
    }

    /** How long a concurrent duplicate waits for the first call to finish. */
    public Duration inFlightWait() {
        return inFlightWait;
    }

    /** Largest first result kept for replays, in bytes of JSON. */
    public int maxResultBytes() {
        return maxResultBytes;
    }

    /** How long guarded calls wait, from the first one that waited, for the store to open and the deferred weaving. */
    public Duration openTimeout() {
        return openTimeout;
    }

    /** The longest a store operation waits for a lock before the call answers without the store. */
    public Duration lockTimeout() {
        return lockTimeout;
    }
}
