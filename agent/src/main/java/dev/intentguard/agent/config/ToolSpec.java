package dev.intentguard.agent.config;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One entry under {@code tools:}, with the lines its settings came from (for errors found later). */
public final class ToolSpec {
    private static final Pattern TOOL_NAME = Pattern.compile("[A-Za-z0-9_.-]{1,64}");
    private static final Pattern METHOD_PATTERN = Pattern.compile("([\\w.$]+)#([\\w$]+)(?:\\((.*)\\))?");
    private static final Pattern ARGUMENT = Pattern.compile("(\\d+|[A-Za-z_$][\\w$]*)(\\.[A-Za-z_$][\\w$]*)*");
    private static final Pattern JAVA_NAME = Pattern.compile("[A-Za-z_$][\\w$]*");

    static final Setting<String> NAME = Setting.matching("name", TOOL_NAME, null, "has characters an intent key cannot carry",
                    "use letters, digits, '_', '-' or '.', at most 64 characters, e.g. refund_order")
            .calling("tool name").documented("defaults to the method name")
            .doc("Stable tool name used in intent keys and logs: letters, digits, `_`, `-`, `.`, at most 64.");
    static final Setting<MethodRef> METHOD = Setting.<MethodRef>own("method", null)
            .doc("`com.acme.RefundTools#refundOrder`, optionally with parameter types `(java.lang.String,java.math.BigDecimal)` when the method is overloaded.");
    static final Setting<Effect> EFFECT = Setting.choice("effect", Effect.class, null,
            "write effect: side_effect (changes the world), idempotent (safe to repeat) or read").suggestingSpelling()
            .doc("`side_effect`: recorded before the call, run at most once per intent, never blindly repeated.");
    static final Setting<List<String>> KEY = Setting.<List<String>>own("key", List.of()).documented("default: all arguments")
            .doc("The arguments that identify the business intent: names (`orderId`), indexes (`\"0\"`) or paths into an argument (`request.orderId`, a map key or an object field).");
    static final Setting<List<String>> EXCLUDE = Setting.<List<String>>own("exclude", List.of())
            .doc("Arguments (or paths) left out of the payload fingerprint: model-written free text such as a reason.");
    static final Setting<Boolean> ENABLED = Setting.bool("enabled", true,
            "write enabled: true, or enabled: false to switch the tool off")
            .doc("`false` is the kill switch: the tool answers `disabled` without running (in `mode: audit` too).");
    static final Setting<String> CHECK = Setting.matching("check", JAVA_NAME, null, "is not a method name",
            "write the name of a method of the same class, e.g. check: findRefund")
            .doc("`side_effect` tools: the name of a method of the same class (or a superclass) whose parameters are key arguments of the tool, matched by name, that asks the provider whether the effect happened (the `find_refund` of a retry-safe wrapper).");
    static final Setting<Section.Values> RETRY = Setting.section("retry", RetryBudget.SECTION)
            .doc("`side_effect` tools: the retries the agent itself makes of a call that failed before anything was processed: every write was not sent (connect refused, unknown host) or answered 429 (or a `not-processed` status), or the call threw a connect failure and wrote nothing.");
    static final Setting<Set<Integer>> NOT_PROCESSED = Setting.<Set<Integer>>own("not-processed", Set.of())
            .doc("HTTP statuses the tool's provider documents as answered before it processes anything (`[503]` for a provider whose 503 with Retry-After means \"not started\"), beyond 429, which always means so.");
    static final Setting<UnknownPolicy> UNKNOWN = Setting.choice("unknown", UnknownPolicy.class, UnknownPolicy.CHECK,
            "write unknown: check (the default: ask the tool's check), or unknown: resend-same-key (only for a "
                    + "provider that replays a key's first response, as Stripe does)")
            .doc("What a repeat of an intent whose outcome is unknown does, at most once per `reconcile.check-interval`: `check` runs the tool's check (see `reconcile`); `resend-same-key` sends the request once more with the same key, claimed like a first call (never while another attempt is in flight), and the provider's answer settles the intent (2xx `done`, a definite refusal `failed`, anything else still unknown).");
    static final Setting<String> ESCALATE = Setting.matching("escalate", JAVA_NAME, null, "is not a method name",
            "write the name of a method of the same class that takes the intent key, e.g. escalate: openTicket")
            .doc("A method of the tool's class (or a superclass), `name(String intentKey, Map<String, Object> keyArguments)` or `name(String intentKey)`, called once when an intent of the tool needs a person (a spent retry budget, `requires_reconciliation`): page someone, open a ticket.");
    static final Section SECTION = new Section("tools", "tools[].", null,
            NAME, METHOD, EFFECT, KEY, EXCLUDE, ENABLED, CHECK, RETRY, NOT_PROCESSED, UNKNOWN, ESCALATE);

    private final String name;
    private final MethodRef method;
    private final Effect effect;
    private final List<String> key;
    private final List<String> exclude;
    private final boolean enabled;
    private final String check;
    private final RetryBudget retry;
    private final Set<Integer> notProcessed;
    private final UnknownPolicy unknown;
    private final String escalate;
    private final int line;
    private final int keyLine;
    private final int excludeLine;

    public ToolSpec(String name, MethodRef method, Effect effect, List<String> key, List<String> exclude,
                    boolean enabled, String check, int line, int keyLine, int excludeLine) {
        this(name, method, effect, key, exclude, enabled, check, null, NOT_PROCESSED.defaultValue(), UNKNOWN.defaultValue(),
                ESCALATE.defaultValue(), line, keyLine, excludeLine);
    }

    public ToolSpec(String name, MethodRef method, Effect effect, List<String> key, List<String> exclude,
                    boolean enabled, String check, RetryBudget retry, Set<Integer> notProcessed,
                    UnknownPolicy unknown, String escalate, int line, int keyLine, int excludeLine) {
        this.retry = retry;
        this.notProcessed = Set.copyOf(notProcessed);
        this.unknown = unknown;
        this.escalate = escalate;
        this.name = name;
        this.method = method;
        this.effect = effect;
        this.key = List.copyOf(key);
        this.exclude = List.copyOf(exclude);
        this.enabled = enabled;
        this.check = check;
        this.line = line;
        this.keyLine = keyLine;
        this.excludeLine = excludeLine;
    }

    /**
     * The {@code tools:} list: each entry bound by {@link #SECTION}, an entry with a problem left out, and a name or a
     * method listed twice reported at the later entry.
     */
    static List<ToolSpec> readList(YamlNode.Entry entry, SettingsBinder binder) {
        List<ToolSpec> tools = new ArrayList<>();
        if (entry == null || entry.value instanceof YamlNode.Scalar && ((YamlNode.Scalar) entry.value).text == null) {
            return tools;
        }
        if (!(entry.value instanceof YamlNode.Sequence)) {
            binder.problem(entry.keyLine, "tools must be a list, but it is " + entry.value.kind(),
                    "write each tool as a list item starting with '- name: ...'");
            return tools;
        }
        Map<String, Integer> names = new HashMap<>();
        Map<String, Integer> methods = new HashMap<>();
        for (YamlNode item : ((YamlNode.Sequence) entry.value).items) {
            if (!(item instanceof YamlNode.Mapping)) {
                binder.problem(item.line, "a tool must be a section of settings, but this is " + item.kind(),
                        "write '- name: refund_order' and indent method:, effect:, key: under it");
                continue;
            }
            ToolSpec spec = from(binder.values(SECTION, (YamlNode.Mapping) item));
            if (spec == null) {
                continue;
            }
            Integer earlier = names.putIfAbsent(spec.name(), spec.line());
            if (earlier != null) {
                binder.problem(spec.line(), "tool name \"" + spec.name() + "\" is already used on line " + earlier,
                        "give each tool its own name: the name is part of every intent key");
            }
            if (spec.method() != null) {
                Integer same = methods.putIfAbsent(spec.method().toString(), spec.line());
                if (same != null) {
                    binder.problem(spec.line(), "method " + spec.method() + " is already listed on line " + same,
                            "list each method once");
                }
            }
            tools.add(spec);
        }
        return tools;
    }

    /**
     * One entry: its settings (method, key, retry: read here) weighed against each other; {@code null} if any is wrong
     * (each said: an entry is never dropped without a word, its method would run unguarded).
     */
    private static ToolSpec from(Section.Values v) {
        MethodRef method = v.isSet(METHOD) ? method(v.text(METHOD), v) : null;
        String name = v.get(NAME);
        if (v.single(NAME) && v.written(NAME) == null) {                 // "name:" with nothing after it
            v.problem(v.lineOf(NAME), "name is empty", "write the tool's stable name, e.g. name: refund_order, or remove name: "
                    + "to use the method's name");
        }
        if (!v.isSet(NAME)) {
            if (method != null) {
                name = method.methodName();
            } else if (!v.isSet(METHOD)) {
                v.problem(v.line(), "this tool has neither a name nor a method",
                        "add method: com.acme.Tools#refundOrder (and a name), or the name of an annotated tool");
            }
        }
        Effect effect = v.get(EFFECT);
        if (!v.isSet(EFFECT) && method != null) {
            String called = v.isSet(NAME) ? v.written(NAME) : name;        // a name that is wrong too, as written
            v.problem(v.line(), "tool " + (called == null ? method.toString() : called) + " has no effect",
                    "add effect: side_effect, idempotent or read");
        }
        List<String> key = arguments(v.entry(KEY), "key", v);
        List<String> exclude = arguments(v.entry(EXCLUDE), "exclude", v);
        for (String k : key) {
            if (exclude.contains(k)) {
                v.problem(v.lineOf(EXCLUDE), "\"" + k + "\" is both in key and in exclude",
                        "an argument that identifies the intent is part of the fingerprint too: remove it from exclude");
            }
        }
        String check = v.get(CHECK);
        if (check != null && effect != null && effect != Effect.SIDE_EFFECT) {
            v.problem(v.lineOf(CHECK), "check is for side_effect tools (the effect here is " + effect.configName() + ")",
                    "remove check, or make the tool effect: side_effect");
        }
        Section.Values retryValues = v.writtenSection(RETRY);
        RetryBudget retry = retryValues == null ? null : RetryBudget.from(retryValues);
        if (retry != null && effect != null && effect != Effect.SIDE_EFFECT) {
            v.problem(v.lineOf(RETRY), "retry is for side_effect tools (the effect here is " + effect.configName() + ")",
                    "remove retry:, or make the tool effect: side_effect");
        }
        Set<Integer> notProcessed = v.isSet(NOT_PROCESSED) ? statuses(v.entry(NOT_PROCESSED), v)
                : NOT_PROCESSED.defaultValue();
        if (v.hadProblems() || name == null) {
            return null;
        }
        return new ToolSpec(name, method, effect, key, exclude, v.get(ENABLED), check, retry, notProcessed, v.get(UNKNOWN),
                v.get(ESCALATE), v.line(), v.lineOf(KEY), v.lineOf(EXCLUDE));
    }

    /** {@code com.acme.RefundTools#refundOrder}, parameter types optional; spaces are dropped. */
    private static MethodRef method(String written, Section.Values v) {
        if (written == null) {
            if (v.single(METHOD)) {                                    // "method:" with nothing after it
                v.problem(v.lineOf(METHOD), "method is empty",
                        "write the class's full name, '#', and the method name, e.g. com.acme.support.RefundTools#refundOrder");
            }
            return null;
        }
        String text = written.replace(" ", "");
        Matcher m = METHOD_PATTERN.matcher(text);
        if (!m.matches()) {
            v.problem(v.lineOf(METHOD), "method \"" + text + "\" is not of the form class#method",
                    "write the class's full name, '#', and the method name, e.g. com.acme.support.RefundTools#refundOrder");
            return null;
        }
        List<String> params = null;
        if (m.group(3) != null) {
            params = m.group(3).isEmpty() ? List.of() : Arrays.asList(m.group(3).split(","));
        }
        return new MethodRef(m.group(1), m.group(2), params);
    }

    /** Argument names, indexes or paths ({@code key: [orderId, "0", request.orderId]}), or one of them. */
    private static List<String> arguments(YamlNode.Entry entry, String what, Section.Values v) {
        List<String> out = new ArrayList<>();
        if (entry == null) {
            return out;
        }
        List<YamlNode> items = entry.value instanceof YamlNode.Sequence
                ? ((YamlNode.Sequence) entry.value).items : List.of(entry.value);
        for (YamlNode n : items) {
            if (!(n instanceof YamlNode.Scalar) || ((YamlNode.Scalar) n).text == null) {
                v.problem(n.line, what + " must list argument names, but an item is " + n.kind(),
                        "write " + what + ": [orderId, amount] with names, indexes (\"0\") or paths (\"request.orderId\")");
                continue;
            }
            String a = ((YamlNode.Scalar) n).text.trim();
            if (!ARGUMENT.matcher(a).matches()) {
                v.problem(n.line, what + " item \"" + a + "\" is not an argument name, index or path",
                        "write a parameter name (orderId), an index (0) or a path (request.orderId)");
                continue;
            }
            if (out.contains(a)) {
                v.problem(n.line, what + " lists \"" + a + "\" twice", "list each argument once");
                continue;
            }
            out.add(a);
        }
        return out;
    }

    /** HTTP error statuses ({@code not-processed: [503]}). */
    private static Set<Integer> statuses(YamlNode.Entry entry, Section.Values values) {
        Set<Integer> out = new TreeSet<>();
        for (String v : arguments(entry, "not-processed", values)) {
            try {
                int status = Integer.parseInt(v);
                if (status < 400 || status > 599) {
                    throw new NumberFormatException();
                }
                out.add(status);
            } catch (NumberFormatException e) {
                values.problem(entry.keyLine, "not-processed \"" + v + "\" is not an HTTP error status",
                        "list the 4xx and 5xx statuses your provider documents as answered before it processes anything, "
                                + "e.g. not-processed: [503]");
            }
        }
        return out;
    }

    /** Stable tool name used in intent keys and logs. */
    public String name() {
        return name;
    }

    /** The method this entry guards, or {@code null} for an entry that only configures an annotated tool. */
    public MethodRef method() {
        return method;
    }

    /** The effect, or {@code null} when a name-only entry keeps the annotation's. */
    public Effect effect() {
        return effect;
    }

    /** Argument names, indexes or paths that identify the intent; empty means all arguments. */
    public List<String> key() {
        return key;
    }

    /** Arguments (or paths) left out of the payload fingerprint. */
    public List<String> exclude() {
        return exclude;
    }

    public boolean enabled() {
        return enabled;
    }

    /**
     * The outcome check: a method of the same class whose parameters are key arguments (by name), returning
     * non-null (or {@code true}) when the effect happened; {@code null} when the tool has none.
     */
    public String check() {
        return check;
    }

    /** Line of the entry in the config file (0 when it did not come from a file). */
    public int line() {
        return line;
    }

    public int keyLine() {
        return keyLine;
    }

    public int excludeLine() {
        return excludeLine;
    }

    /** The retries the agent makes itself ({@code retry:}), or {@code null} for none. */
    public RetryBudget retry() {
        return retry;
    }

    /** Statuses the tool's provider answers before it processes anything ({@code not-processed:}), beyond 429. */
    public Set<Integer> notProcessed() {
        return notProcessed;
    }

    /** What a repeat of an intent whose outcome is unknown does ({@code unknown:}). */
    public UnknownPolicy unknown() {
        return unknown;
    }

    /** A method of the tool's class called once when an intent of it needs a person ({@code escalate:}), or {@code null}. */
    public String escalate() {
        return escalate;
    }
}
