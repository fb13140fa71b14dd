package dev.intentguard.agent.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads and validates the YAML config. Every problem is collected with its line and a fix, so one run
 * shows everything that is wrong.
 */
public final class ConfigLoader {
    static final String DEFAULT_STORE = ".intentguard/intents.dat";
    private static final long DEFAULT_MAX_INTENTS = 1_000_000;
    private static final Duration DEFAULT_RETENTION = Duration.ofDays(7);
    private static final Duration DEFAULT_IN_FLIGHT_WAIT = Duration.ofSeconds(30);
    private static final int DEFAULT_MAX_RESULT_BYTES = 8192;
    private static final Duration DEFAULT_OPEN_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration DEFAULT_LOCK_TIMEOUT = Duration.ofSeconds(1);

    private static final Pattern TOOL_NAME = Pattern.compile("[A-Za-z0-9_.-]{1,64}");
    private static final Pattern METHOD = Pattern.compile("([\\w.$]+)#([\\w$]+)(?:\\((.*)\\))?");
    private static final Pattern ARGUMENT = Pattern.compile("(\\d+|[A-Za-z_$][\\w$]*)(\\.[A-Za-z_$][\\w$]*)*");
    private static final Pattern ON_ERROR_LINE = Pattern.compile("(?m)^on-error\\s*:\\s*[\"']?([\\w-]+)");

    private static final List<String> TOP_LEVEL = List.of("mode", "on-error", "store", "http", "reconcile", "audit", "discover", "plugins", "tools");
    private static final List<String> AUDIT_KEYS = List.of("journal", "journal-file-bytes", "journal-files", "journal-queue", "jmx", "otel",
            "micrometer");
    private static final List<String> DISCOVER_KEYS = List.of("langchain4j", "spring-ai", "mcp", "default-effect", "describe", "sentence");
    private static final List<String> RECONCILE_KEYS = List.of("interval", "min-age", "escalate-after", "check-interval");
    private static final List<String> HTTP_KEYS = List.of("header", "format", "hosts", "client-retries", "methods");
    private static final Pattern HEADER_NAME = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");
    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9.\\-\\[\\]:]+");
    private static final List<String> STORE_KEYS = List.of("path", "url", "namespace", "max-intents", "retention",
            "in-flight-wait", "max-result-bytes", "open-timeout", "lock-timeout", "operation-timeout", "lease");
    private static final Pattern NAMESPACE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,39}");
    private static final List<String> TOOL_KEYS = List.of("name", "method", "effect", "key", "exclude", "enabled", "check",
            "retry", "not-processed", "unknown", "escalate");
    private static final List<String> RETRY_KEYS = List.of("attempts", "backoff", "max-backoff", "deadline");
    private static final Pattern JAVA_NAME = Pattern.compile("[A-Za-z_$][\\w$]*");

    private ConfigLoader() {
    }

    /** What a boolean setting takes. */
    private enum Bool implements ConfigChoice {
        TRUE(true), FALSE(false);

        final boolean value;

        Bool(boolean value) {
            this.value = value;
        }

        @Override
        public String configName() {
            return value ? "true" : "false";
        }
    }

    /** What a {@code plugins:} entry takes ({@code true} and {@code false} say the same, as YAML readers expect). */
    private enum Switch implements ConfigChoice {
        ON("on", true), OFF("off", false), TRUE("true", true), FALSE("false", false);

        final String configName;
        final boolean on;

        Switch(String configName, boolean on) {
            this.configName = configName;
            this.on = on;
        }

        @Override
        public String configName() {
            return configName;
        }
    }

    /**
     * The settings each section takes, by section ({@code ""}: the top level; {@code "tools.retry"}: a tool's retry
     * budget): what the binder accepts, and what docs/config.md's tables must list ({@code ConfigDocsTest}).
     */
    static Map<String, List<String>> knownKeys() {
        Map<String, List<String>> keys = new LinkedHashMap<>();
        keys.put("", TOP_LEVEL);
        keys.put("store", STORE_KEYS);
        keys.put("reconcile", RECONCILE_KEYS);
        keys.put("http", HTTP_KEYS);
        keys.put("audit", AUDIT_KEYS);
        keys.put("discover", DISCOVER_KEYS);
        keys.put("tools", TOOL_KEYS);
        keys.put("tools.retry", RETRY_KEYS);
        return keys;
    }

    /** The config used when no file is given: defaults, tools from annotations only. */
    public static AgentConfig defaults() {
        return new AgentConfig(null, Mode.ENFORCE, OnError.FAIL_OPEN, defaultStore(), HttpSettings.DEFAULTS,
                ReconcileSettings.DEFAULTS, List.of(), AuditSettings.DEFAULTS, DiscoverSettings.DEFAULTS, PluginSettings.DEFAULTS);
    }

    private static StoreSettings defaultStore() {
        return new StoreSettings(resolve(DEFAULT_STORE), DEFAULT_MAX_INTENTS, DEFAULT_RETENTION,
                DEFAULT_IN_FLIGHT_WAIT, DEFAULT_MAX_RESULT_BYTES, DEFAULT_OPEN_TIMEOUT, DEFAULT_LOCK_TIMEOUT);
    }

    /** Loads {@code file}; everything wrong with it comes back as one {@link ConfigProblem}. */
    public static AgentConfig load(Path file) throws ConfigProblem {
        Path absolute = file.toAbsolutePath().normalize();
        String text;
        try {
            text = Files.readString(absolute, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw ConfigProblem.of(absolute, 0, "the file does not exist",
                    "create it, or point -javaagent:...=config=PATH (or -Dintentguard.config, INTENTGUARD_CONFIG) at an existing file");
        } catch (IOException e) {
            throw ConfigProblem.of(absolute, 0, "the file cannot be read (" + e + ")", "make it readable by the application's user");
        }
        return parse(text, absolute);
    }

    /**
     * The {@code on-error} a file asks for, read leniently so that it is honoured even when the rest of
     * the file does not parse.
     */
    public static OnError onErrorOf(Path file) {
        try {
            Matcher m = ON_ERROR_LINE.matcher(Files.readString(file, StandardCharsets.UTF_8));
            if (m.find()) {
                OnError e = ConfigChoice.named(OnError.class, m.group(1));
                return e == null ? OnError.FAIL_OPEN : e;
            }
        } catch (IOException | RuntimeException ignored) {
            // unreadable: the default applies
        }
        return OnError.FAIL_OPEN;
    }

    static AgentConfig parse(String text, Path file) throws ConfigProblem {
        YamlNode root;
        try {
            root = YamlReader.read(text);
        } catch (YamlSyntaxException e) {
            throw ConfigProblem.of(file, e.line, "this is not valid YAML: " + e.getMessage(),
                    "correct the YAML syntax at that line (indentation, a missing ':' or an unclosed bracket)");
        }
        Binder b = new Binder(file);
        AgentConfig config = b.config(root);
        if (!b.issues.isEmpty()) {
            throw new ConfigProblem(String.valueOf(file), b.issues);
        }
        return config;
    }

    static Path resolve(String path) {
        return Path.of(path).toAbsolutePath().normalize();
    }

    /** Turns the YAML tree into a config, collecting issues instead of stopping at the first. */
    private static final class Binder {
        private final Path file;
        private final List<ConfigProblem.Issue> issues = new ArrayList<>();

        Binder(Path file) {
            this.file = file;
        }

        void problem(int line, String message, String fix) {
            issues.add(new ConfigProblem.Issue(line, message, fix));
        }

        AgentConfig config(YamlNode root) {
            if (!(root instanceof YamlNode.Mapping)) {
                problem(root.line, "the file must be a section of settings (mode, on-error, store, tools), but it is "
                        + root.kind(), "start the file with 'tools:' and list the tools under it");
                return null;
            }
            YamlNode.Mapping map = (YamlNode.Mapping) root;
            checkKeys(map, TOP_LEVEL, "");
            Mode mode = Mode.ENFORCE;
            YamlNode.Entry modeEntry = map.entries.get("mode");
            mode = choice(modeEntry, "mode", Mode.class, mode, "write mode: enforce (or mode: audit)");
            OnError onError = choice(map.entries.get("on-error"), "on-error", OnError.class, OnError.FAIL_OPEN,
                    "write on-error: fail-open (run unguarded when intentguard cannot work) or on-error: fail-closed");
            StoreSettings store = store(map.entries.get("store"));
            HttpSettings http = http(map.entries.get("http"));
            ReconcileSettings reconcile = reconcile(map.entries.get("reconcile"));
            AuditSettings audit = audit(map.entries.get("audit"));
            DiscoverSettings discover = discover(map.entries.get("discover"));
            PluginSettings plugins = plugins(map.entries.get("plugins"));
            List<ToolSpec> tools = tools(map.entries.get("tools"));
            return new AgentConfig(file, mode, onError, store, http, reconcile, tools, audit, discover, plugins);
        }

        private StoreSettings store(YamlNode.Entry entry) {
            if (entry == null) {
                return defaultStore();
            }
            YamlNode.Mapping map = mapping(entry, "store", "indent path:, max-intents:, retention: ... under store:");
            if (map == null) {
                return defaultStore();
            }
            checkKeys(map, STORE_KEYS, "store.");
            Path path = resolve(DEFAULT_STORE);
            YamlNode.Entry p = map.entries.get("path");
            if (p != null) {
                String v = scalar(p, "store.path");
                if (v != null && !v.isBlank()) {
                    try {
                        path = resolve(v.trim());
                    } catch (RuntimeException e) {
                        problem(p.keyLine, "store.path \"" + v + "\" is not a usable path (" + e.getMessage() + ")",
                                "write a file path, e.g. store.path: .intentguard/intents.dat");
                    }
                } else if (v != null) {
                    problem(p.keyLine, "store.path is empty", "write a file path, e.g. store.path: .intentguard/intents.dat");
                }
            }
            long maxIntents = positiveLong(map.entries.get("max-intents"), "store.max-intents", DEFAULT_MAX_INTENTS,
                    "write a whole number of intents, e.g. max-intents: 1000000");
            int maxResultBytes = (int) Math.min(Integer.MAX_VALUE, positiveLong(map.entries.get("max-result-bytes"),
                    "store.max-result-bytes", DEFAULT_MAX_RESULT_BYTES, "write a number of bytes, e.g. max-result-bytes: 8192"));
            if (maxResultBytes > 1 << 20) {
                problem(map.entries.get("max-result-bytes").keyLine, "store.max-result-bytes is above 1 MiB",
                        "keep first results small (the store is memory-mapped); 8192 is plenty for model-facing text");
            }
            Duration retention = duration(map.entries.get("retention"), "store.retention", DEFAULT_RETENTION);
            Duration wait = duration(map.entries.get("in-flight-wait"), "store.in-flight-wait", DEFAULT_IN_FLIGHT_WAIT);
            Duration open = duration(map.entries.get("open-timeout"), "store.open-timeout", DEFAULT_OPEN_TIMEOUT);
            Duration lock = duration(map.entries.get("lock-timeout"), "store.lock-timeout", DEFAULT_LOCK_TIMEOUT);
            String url = null;
            YamlNode.Entry u = map.entries.get("url");
            if (u != null) {
                String v = scalar(u, "store.url");
                if (v == null || v.isBlank()) {
                    problem(u.keyLine, "store.url is empty", "write redis://host:6379/0 or jdbc:postgresql://host:5432/db, "
                            + "or remove it to keep the intents in store.path");
                } else if (StoreUrls.kind(v.trim()) == null) {
                    problem(u.keyLine, "store.url " + StoreUrls.masked(v.trim()) + " is not a store this agent knows",
                            "write redis://host:6379/0 (rediss:// for TLS) or jdbc:postgresql://host:5432/db "
                                    + "(postgresql://user@host/db too)");
                } else {
                    url = v.trim();
                }
                if (p != null) {
                    problem(p.keyLine, "store.path and store.url are both set: the intents live in one place",
                            "keep store.url for a store every replica shares, or store.path for this host's file, not both");
                }
            }
            String namespace = StoreSettings.DEFAULT_NAMESPACE;
            YamlNode.Entry ns = map.entries.get("namespace");
            if (ns != null) {
                String v = scalar(ns, "store.namespace");
                if (v != null && NAMESPACE.matcher(v.trim()).matches()) {
                    namespace = v.trim();
                } else if (v != null) {
                    problem(ns.keyLine, "store.namespace \"" + v + "\" is not a namespace (letters, digits and _, at most 40, "
                            + "not starting with a digit)", "write e.g. namespace: intentguard_payments");
                }
            }
            Duration operation = duration(map.entries.get("operation-timeout"), "store.operation-timeout",
                    StoreSettings.DEFAULT_OPERATION_TIMEOUT);
            Duration lease = duration(map.entries.get("lease"), "store.lease", StoreSettings.DEFAULT_LEASE);
            if (lease.compareTo(operation.multipliedBy(3)) < 0) {
                YamlNode.Entry where = map.entries.get("lease") != null ? map.entries.get("lease")
                        : map.entries.get("operation-timeout");
                problem(where.keyLine, "store.lease " + lease.toMillis() + " ms" + (map.entries.get("lease") == null
                        ? " (the default)" : "") + " is shorter than three operation timeouts ("
                        + operation.multipliedBy(3).toMillis() + " ms): a slow renewal would let the lease run out under a "
                        + "call that still runs", "raise store.lease to at least three store.operation-timeout");
            }
            return new StoreSettings(url != null ? null : path, maxIntents, retention, wait, maxResultBytes, open, lock, url,
                    namespace, operation, lease);
        }

        private ReconcileSettings reconcile(YamlNode.Entry entry) {
            ReconcileSettings d = ReconcileSettings.DEFAULTS;
            if (entry == null) {
                return d;
            }
            YamlNode.Mapping map = mapping(entry, "reconcile", "indent interval:, min-age:, escalate-after: under reconcile:");
            if (map == null) {
                return d;
            }
            checkKeys(map, RECONCILE_KEYS, "reconcile.");
            return new ReconcileSettings(duration(map.entries.get("interval"), "reconcile.interval", d.interval()),
                    duration(map.entries.get("min-age"), "reconcile.min-age", d.minAge()),
                    duration(map.entries.get("escalate-after"), "reconcile.escalate-after", d.escalateAfter()),
                    duration(map.entries.get("check-interval"), "reconcile.check-interval", d.checkInterval()));
        }

        private AuditSettings audit(YamlNode.Entry entry) {
            AuditSettings d = AuditSettings.DEFAULTS;
            if (entry == null) {
                return d;
            }
            YamlNode.Mapping map = mapping(entry, "audit", "indent journal:, journal-file-bytes:, jmx: ... under audit:");
            if (map == null) {
                return d;
            }
            checkKeys(map, AUDIT_KEYS, "audit.");
            boolean journal = bool(map.entries.get("journal"), "audit.journal", d.journal(),
                    "write journal: true (record each tool call beside the store) or journal: false");
            long fileBytes = positiveLong(map.entries.get("journal-file-bytes"), "audit.journal-file-bytes",
                    d.journalFileBytes(), "write a number of bytes, e.g. journal-file-bytes: 16777216");
            if (fileBytes < 4096) {
                problem(map.entries.get("journal-file-bytes").keyLine, "audit.journal-file-bytes is below 4096",
                        "give each journal file room for a few calls, e.g. journal-file-bytes: 16777216 (16 MiB)");
            }
            long files = positiveLong(map.entries.get("journal-files"), "audit.journal-files", d.journalFiles(),
                    "write how many rotated journal files to keep, e.g. journal-files: 10");
            long queue = positiveLong(map.entries.get("journal-queue"), "audit.journal-queue", d.journalQueue(),
                    "write how many entries may wait for the journal writer, e.g. journal-queue: 8192");
            if (queue > 1 << 20) {
                problem(map.entries.get("journal-queue").keyLine, "audit.journal-queue is above 1048576",
                        "keep the queue bounded (entries wait in memory); 8192 absorbs bursts");
            }
            boolean jmx = bool(map.entries.get("jmx"), "audit.jmx", d.jmx(),
                    "write jmx: true (register the MBean dev.intentguard:type=Tools) or jmx: false");
            boolean otel = bool(map.entries.get("otel"), "audit.otel", d.otel(),
                    "write otel: true (count in the host's OpenTelemetry, when it has one) or otel: false");
            boolean micrometer = bool(map.entries.get("micrometer"), "audit.micrometer", d.micrometer(),
                    "write micrometer: true (count in the host's Micrometer global registry, when it has one) or micrometer: false");
            return new AuditSettings(journal, fileBytes, (int) Math.min(files, 100_000), (int) Math.min(queue, 1 << 20), jmx,
                    otel, micrometer);
        }

        /** {@code plugins:} with {@code <name>: off} (or {@code on}, the default) per instrumentation. */
        private PluginSettings plugins(YamlNode.Entry entry) {
            if (entry == null) {
                return PluginSettings.DEFAULTS;
            }
            YamlNode.Mapping map = mapping(entry, "plugins", "indent one '<plugin>: off' per line under plugins:, e.g. okhttp: off");
            if (map == null) {
                return PluginSettings.DEFAULTS;
            }
            Map<String, Integer> off = new LinkedHashMap<>();
            for (Map.Entry<String, YamlNode.Entry> e : map.entries.entrySet()) {
                Switch on = choice(e.getValue(), "plugins." + e.getKey(), Switch.class, Switch.ON,
                        "write " + e.getKey() + ": off (leave that library uninstrumented) or " + e.getKey() + ": on");
                if (!on.on) {
                    off.put(e.getKey(), e.getValue().keyLine);
                }
            }
            return new PluginSettings(off);
        }

        private DiscoverSettings discover(YamlNode.Entry entry) {
            DiscoverSettings d = DiscoverSettings.DEFAULTS;
            if (entry == null) {
                return d;
            }
            YamlNode.Mapping map = mapping(entry, "discover", "indent langchain4j:, spring-ai:, mcp:, default-effect: under discover:");
            if (map == null) {
                return d;
            }
            checkKeys(map, DISCOVER_KEYS, "discover.");
            boolean langchain4j = bool(map.entries.get("langchain4j"), "discover.langchain4j", d.langchain4j(),
                    "write langchain4j: true (guard LangChain4j @Tool methods) or langchain4j: false");
            boolean springAi = bool(map.entries.get("spring-ai"), "discover.spring-ai", d.springAi(),
                    "write spring-ai: true (guard Spring AI @Tool methods) or spring-ai: false");
            boolean mcp = bool(map.entries.get("mcp"), "discover.mcp", d.mcp(),
                    "write mcp: true (guard MCP server tools by their hints) or mcp: false");
            Effect effect = choice(map.entries.get("default-effect"), "discover.default-effect", Effect.class,
                    d.defaultEffect(), "write default-effect: side_effect (or read, or idempotent)");
            boolean describe = bool(map.entries.get("describe"), "discover.describe", d.describe(),
                    "write describe: true (tell the model a side-effect tool is safe to call once) or describe: false");
            String sentence = d.sentence();
            YamlNode.Entry s = map.entries.get("sentence");
            if (s != null) {
                String v = scalar(s, "discover.sentence");
                if (v != null && !v.isBlank()) {
                    sentence = v.trim();
                } else if (v != null) {
                    problem(s.keyLine, "discover.sentence is empty",
                            "write the sentence, e.g. sentence: \"" + DiscoverSettings.DEFAULT_SENTENCE + "\", or describe: false");
                }
            }
            return new DiscoverSettings(langchain4j, springAi, mcp, effect, describe, sentence);
        }

        private boolean bool(YamlNode.Entry e, String what, boolean fallback, String fix) {
            return choice(e, what, Bool.class, fallback ? Bool.TRUE : Bool.FALSE, fix).value;
        }

        /**
         * The setting {@code e} names one of {@code type}'s constants by its config name; anything else is a problem
         * that lists the names, and leaves {@code fallback}. The one way every choice-valued setting is read.
         */
        private <E extends Enum<E> & ConfigChoice> E choice(YamlNode.Entry e, String what, Class<E> type, E fallback,
                                                            String fix) {
            if (e == null) {
                return fallback;
            }
            String v = scalar(e, what);
            E parsed = ConfigChoice.named(type, v);
            if (parsed != null) {
                return parsed;
            }
            if (v != null) {
                problem(e.keyLine, what + " \"" + v + "\" is not " + ConfigChoice.names(type), fix);
            }
            return fallback;
        }

        private HttpSettings http(YamlNode.Entry entry) {
            if (entry == null) {
                return HttpSettings.DEFAULTS;
            }
            YamlNode.Mapping map = mapping(entry, "http", "indent header:, format:, hosts: ... under http:");
            if (map == null) {
                return HttpSettings.DEFAULTS;
            }
            checkKeys(map, HTTP_KEYS, "http.");
            HttpSettings d = HttpSettings.DEFAULTS;
            String header = d.header();
            YamlNode.Entry h = map.entries.get("header");
            if (h != null) {
                String v = scalar(h, "http.header");
                if (v != null && HEADER_NAME.matcher(v).matches()) {
                    header = v;
                } else if (v != null) {
                    problem(h.keyLine, "http.header \"" + v + "\" is not an HTTP header name",
                            "write a header name such as Idempotency-Key (letters, digits and '-')");
                }
            }
            HttpSettings.Format format = choice(map.entries.get("format"), "http.format", HttpSettings.Format.class,
                    d.format(), "write format: token (the key as is) or format: sf-string (quoted, as the IETF draft says)");
            HttpSettings.ClientRetries retries = choice(map.entries.get("client-retries"), "http.client-retries",
                    HttpSettings.ClientRetries.class, d.clientRetries(),
                    "write client-retries: suppress (send each request once) or client-retries: same-key");
            List<String> hosts = words(map.entries.get("hosts"), "http.hosts", HOST,
                    "write host names or host:port, e.g. hosts: [api.stripe.com, 127.0.0.1:8080]");
            List<String> methods = words(map.entries.get("methods"), "http.methods", Pattern.compile("[A-Za-z]+"),
                    "write HTTP methods, e.g. methods: [POST, PUT, PATCH, DELETE]");
            return new HttpSettings(header, format, hosts == null ? d.hosts() : hosts, retries,
                    methods == null ? List.copyOf(d.methods()) : methods);
        }

        /** A list of words (or one word), each checked against {@code pattern}; {@code null} if absent. */
        private List<String> words(YamlNode.Entry entry, String what, Pattern pattern, String fix) {
            if (entry == null) {
                return null;
            }
            List<String> out = new ArrayList<>();
            List<YamlNode> items = entry.value instanceof YamlNode.Sequence
                    ? ((YamlNode.Sequence) entry.value).items : List.of(entry.value);
            for (YamlNode n : items) {
                String v = n instanceof YamlNode.Scalar ? ((YamlNode.Scalar) n).text : null;
                if (v == null || !pattern.matcher(v.trim()).matches()) {
                    problem(n.line, what + " has an item that is not valid" + (v == null ? "" : ": \"" + v + "\""), fix);
                } else {
                    out.add(v.trim());
                }
            }
            return out;
        }

        private List<ToolSpec> tools(YamlNode.Entry entry) {
            List<ToolSpec> tools = new ArrayList<>();
            if (entry == null || entry.value instanceof YamlNode.Scalar && ((YamlNode.Scalar) entry.value).text == null) {
                return tools;
            }
            if (!(entry.value instanceof YamlNode.Sequence)) {
                problem(entry.keyLine, "tools must be a list, but it is " + entry.value.kind(),
                        "write each tool as a list item starting with '- name: ...'");
                return tools;
            }
            Map<String, Integer> names = new HashMap<>();
            Map<String, Integer> methods = new HashMap<>();
            for (YamlNode item : ((YamlNode.Sequence) entry.value).items) {
                ToolSpec spec = tool(item);
                if (spec == null) {
                    continue;
                }
                Integer earlier = names.putIfAbsent(spec.name(), spec.line());
                if (earlier != null) {
                    problem(spec.line(), "tool name \"" + spec.name() + "\" is already used on line " + earlier,
                            "give each tool its own name: the name is part of every intent key");
                }
                if (spec.method() != null) {
                    Integer same = methods.putIfAbsent(spec.method().toString(), spec.line());
                    if (same != null) {
                        problem(spec.line(), "method " + spec.method() + " is already listed on line " + same,
                                "list each method once");
                    }
                }
                tools.add(spec);
            }
            return tools;
        }

        private ToolSpec tool(YamlNode item) {
            if (!(item instanceof YamlNode.Mapping)) {
                problem(item.line, "a tool must be a section of settings, but this is " + item.kind(),
                        "write '- name: refund_order' and indent method:, effect:, key: under it");
                return null;
            }
            YamlNode.Mapping map = (YamlNode.Mapping) item;
            int issuesBefore = issues.size();
            checkKeys(map, TOOL_KEYS, "tools[].");

            MethodRef method = null;
            YamlNode.Entry methodEntry = map.entries.get("method");
            if (methodEntry != null) {
                String v = scalar(methodEntry, "method");
                if (v != null) {
                    method = method(v.replace(" ", ""), methodEntry.keyLine);
                }
            }

            String name = null;
            YamlNode.Entry nameEntry = map.entries.get("name");
            if (nameEntry != null) {
                name = scalar(nameEntry, "name");
                if (name != null && !TOOL_NAME.matcher(name).matches()) {
                    problem(nameEntry.keyLine, "tool name \"" + name + "\" has characters an intent key cannot carry",
                            "use letters, digits, '_', '-' or '.', at most 64 characters, e.g. refund_order");
                }
            } else if (method != null) {
                name = method.methodName();
            } else if (methodEntry == null) {
                problem(item.line, "this tool has neither a name nor a method",
                        "add method: com.acme.Tools#refundOrder (and a name), or the name of an annotated tool");
            }

            Effect effect = null;
            YamlNode.Entry effectEntry = map.entries.get("effect");
            if (effectEntry != null) {
                String v = scalar(effectEntry, "effect");
                effect = ConfigChoice.named(Effect.class, v);
                if (effect == null && v != null) {
                    String normalized = v.toLowerCase(Locale.ROOT).replace('-', '_').replace(' ', '_');
                    Effect close = ConfigChoice.named(Effect.class, normalized);
                    problem(effectEntry.keyLine, "effect \"" + v + "\" is not " + ConfigChoice.names(Effect.class),
                            close != null ? "write effect: " + close.configName()
                                    : "write effect: side_effect (changes the world), idempotent (safe to repeat) or read");
                }
            } else if (method != null) {
                problem(item.line, "tool " + (name == null ? method.toString() : name) + " has no effect",
                        "add effect: side_effect, idempotent or read");
            }

            List<String> key = arguments(map.entries.get("key"), "key");
            List<String> exclude = arguments(map.entries.get("exclude"), "exclude");
            for (String k : key) {
                if (exclude.contains(k)) {
                    problem(map.entries.get("exclude").keyLine, "\"" + k + "\" is both in key and in exclude",
                            "an argument that identifies the intent is part of the fingerprint too: remove it from exclude");
                }
            }

            boolean enabled = bool(map.entries.get("enabled"), "enabled", true,
                    "write enabled: true, or enabled: false to switch the tool off");
            String check = null;
            YamlNode.Entry checkEntry = map.entries.get("check");
            if (checkEntry != null) {
                check = scalar(checkEntry, "check");
                if (check != null && !JAVA_NAME.matcher(check).matches()) {
                    problem(checkEntry.keyLine, "check \"" + check + "\" is not a method name",
                            "write the name of a method of the same class, e.g. check: findRefund");
                } else if (check != null && effect != null && effect != Effect.SIDE_EFFECT) {
                    problem(checkEntry.keyLine, "check is for side_effect tools (the effect here is " + effect.configName() + ")",
                            "remove check, or make the tool effect: side_effect");
                }
            }
            RetryBudget retry = retry(map.entries.get("retry"), effect);
            java.util.Set<Integer> notProcessed = statuses(map.entries.get("not-processed"));
            UnknownPolicy unknown = choice(map.entries.get("unknown"), "unknown", UnknownPolicy.class, UnknownPolicy.CHECK,
                    "write unknown: check (the default: ask the tool's check), or unknown: resend-same-key (only for a "
                            + "provider that replays a key's first response, as Stripe does)");
            String escalate = null;
            YamlNode.Entry escalateEntry = map.entries.get("escalate");
            if (escalateEntry != null) {
                escalate = scalar(escalateEntry, "escalate");
                if (escalate != null && !JAVA_NAME.matcher(escalate).matches()) {
                    problem(escalateEntry.keyLine, "escalate \"" + escalate + "\" is not a method name",
                            "write the name of a method of the same class that takes the intent key, e.g. escalate: openTicket");
                }
            }
            if (issues.size() > issuesBefore || name == null) {
                return null;
            }
            YamlNode.Entry keyEntry = map.entries.get("key");
            YamlNode.Entry excludeEntry = map.entries.get("exclude");
            return new ToolSpec(name, method, effect, key, exclude, enabled, check, retry, notProcessed,
                    unknown, escalate, item.line,
                    keyEntry == null ? item.line : keyEntry.keyLine, excludeEntry == null ? item.line : excludeEntry.keyLine);
        }

        /** A tool's {@code retry:} section, or {@code null} without one. */
        private RetryBudget retry(YamlNode.Entry entry, Effect effect) {
            if (entry == null) {
                return null;
            }
            YamlNode.Mapping map = mapping(entry, "retry", "indent attempts:, backoff:, max-backoff:, deadline: under retry:");
            if (map == null) {
                return null;
            }
            checkKeys(map, RETRY_KEYS, "tools[].retry.");
            int attempts = 3;
            YamlNode.Entry attemptsEntry = map.entries.get("attempts");
            if (attemptsEntry != null) {
                String v = scalar(attemptsEntry, "retry.attempts");
                try {
                    attempts = Integer.parseInt(v);
                    if (attempts < 1 || attempts > 100) {
                        problem(attemptsEntry.keyLine, "retry.attempts " + v + " is not between 1 and 100",
                                "write the attempts in all, the first included, e.g. attempts: 3");
                    }
                } catch (NumberFormatException e) {
                    problem(attemptsEntry.keyLine, "retry.attempts \"" + v + "\" is not a whole number",
                            "write the attempts in all, the first included, e.g. attempts: 3");
                }
            }
            if (effect != null && effect != Effect.SIDE_EFFECT) {
                problem(entry.keyLine, "retry is for side_effect tools (the effect here is " + effect.configName() + ")",
                        "remove retry:, or make the tool effect: side_effect");
            }
            return new RetryBudget(attempts, duration(map.entries.get("backoff"), "retry.backoff", Duration.ofMillis(100)),
                    duration(map.entries.get("max-backoff"), "retry.max-backoff", Duration.ofSeconds(2)),
                    duration(map.entries.get("deadline"), "retry.deadline", Duration.ofSeconds(10)));
        }

        /** HTTP statuses ({@code not-processed: [503]}). */
        private java.util.Set<Integer> statuses(YamlNode.Entry entry) {
            java.util.Set<Integer> out = new java.util.TreeSet<>();
            for (String v : arguments(entry, "not-processed")) {
                try {
                    int status = Integer.parseInt(v);
                    if (status < 400 || status > 599) {
                        throw new NumberFormatException();
                    }
                    out.add(status);
                } catch (NumberFormatException e) {
                    problem(entry.keyLine, "not-processed \"" + v + "\" is not an HTTP error status",
                            "list the 4xx and 5xx statuses your provider documents as answered before it processes anything, "
                                    + "e.g. not-processed: [503]");
                }
            }
            return out;
        }

        private MethodRef method(String v, int line) {
            Matcher m = METHOD.matcher(v);
            if (!m.matches()) {
                problem(line, "method \"" + v + "\" is not of the form class#method",
                        "write the class's full name, '#', and the method name, e.g. com.acme.support.RefundTools#refundOrder");
                return null;
            }
            List<String> params = null;
            if (m.group(3) != null) {
                params = m.group(3).isEmpty() ? List.of() : Arrays.asList(m.group(3).split(","));
            }
            return new MethodRef(m.group(1), m.group(2), params);
        }

        private List<String> arguments(YamlNode.Entry entry, String what) {
            List<String> out = new ArrayList<>();
            if (entry == null) {
                return out;
            }
            List<YamlNode> items = new ArrayList<>();
            if (entry.value instanceof YamlNode.Sequence) {
                items.addAll(((YamlNode.Sequence) entry.value).items);
            } else {
                items.add(entry.value);
            }
            for (YamlNode n : items) {
                if (!(n instanceof YamlNode.Scalar) || ((YamlNode.Scalar) n).text == null) {
                    problem(n.line, what + " must list argument names, but an item is " + n.kind(),
                            "write " + what + ": [orderId, amount] with names, indexes (\"0\") or paths (\"request.orderId\")");
                    continue;
                }
                String a = ((YamlNode.Scalar) n).text.trim();
                if (!ARGUMENT.matcher(a).matches()) {
                    problem(n.line, what + " item \"" + a + "\" is not an argument name, index or path",
                            "write a parameter name (orderId), an index (0) or a path (request.orderId)");
                    continue;
                }
                if (out.contains(a)) {
                    problem(n.line, what + " lists \"" + a + "\" twice", "list each argument once");
                    continue;
                }
                out.add(a);
            }
            return out;
        }

        private void checkKeys(YamlNode.Mapping map, List<String> known, String prefix) {
            for (YamlNode.Entry e : map.entries.values()) {
                if (!known.contains(e.key)) {
                    String close = closest(e.key, known);
                    problem(e.keyLine, "unknown setting \"" + prefix + e.key + "\"",
                            close != null ? "did you mean \"" + close + "\"?" : "known settings here: " + String.join(", ", known));
                }
            }
        }

        private String scalar(YamlNode.Entry e, String what) {
            if (e.value instanceof YamlNode.Scalar) {
                return ((YamlNode.Scalar) e.value).text;
            }
            problem(e.keyLine, what + " must be a single value, but it is " + e.value.kind(),
                    "write it on one line, e.g. " + what.replaceAll(".*\\.", "") + ": value");
            return null;
        }

        private YamlNode.Mapping mapping(YamlNode.Entry e, String what, String fix) {
            if (e.value instanceof YamlNode.Mapping) {
                return (YamlNode.Mapping) e.value;
            }
            if (e.value instanceof YamlNode.Scalar && ((YamlNode.Scalar) e.value).text == null) {
                return null;
            }
            problem(e.keyLine, what + " must be a section of settings, but it is " + e.value.kind(), fix);
            return null;
        }

        private long positiveLong(YamlNode.Entry e, String what, long fallback, String fix) {
            if (e == null) {
                return fallback;
            }
            String v = scalar(e, what);
            if (v == null) {
                return fallback;
            }
            try {
                long n = Long.parseLong(v.trim().replace("_", ""));
                if (n > 0) {
                    return n;
                }
            } catch (NumberFormatException ignored) {
                // reported below
            }
            problem(e.keyLine, what + " \"" + v + "\" is not a positive whole number", fix);
            return fallback;
        }

        private Duration duration(YamlNode.Entry e, String what, Duration fallback) {
            if (e == null) {
                return fallback;
            }
            String v = scalar(e, what);
            Duration d = Durations.parse(v);
            if (d == null || d.isNegative()) {
                if (v != null) {
                    problem(e.keyLine, what + " \"" + v + "\" is not a duration",
                            "write a number and a unit: 500ms, 30s, 5m, 1h or 7d");
                }
                return fallback;
            }
            return d;
        }
    }

    /** The known word within two edits of {@code word}, for "did you mean". */
    public static String closest(String word, List<String> known) {
        String best = null;
        int bestDistance = 3;
        for (String k : known) {
            int d = distance(word, k);
            if (d < bestDistance) {
                bestDistance = d;
                best = k;
            }
        }
        return best;
    }

    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    /** The keys the config accepts, for documentation tests. */
    static Set<String> topLevelKeys() {
        return Set.copyOf(TOP_LEVEL);
    }
}
