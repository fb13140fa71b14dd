package dev.intentguard.agent.audit.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.intentguard.agent.audit.Layer;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The report the {@code report} command prints, as a JSON tree (the {@code json} format as is; {@code text} and
 * {@code html} render it). Its shape is documented by {@code docs/report.schema.json}. From the journal's calls:
 * per tool, invocations, distinct intents, repeats by layer, fan-out (write requests sent per intent) and which layer
 * each request is charged to, what was prevented (enforce) or would have been (audit); from the store: the intents
 * whose outcome is unknown now; the intents with the largest fan-out, each with its timeline; and, per conversation,
 * its intents in order with their statuses (a multi-step workflow at a glance).
 */
public final class AuditReport {
    public static final int VERSION = 1;
    /** The label of an intent's first invocation, where a layer would stand for a repeat. */
    public static final String ORIGINAL = "original";
    private static final int WORST = 10;
    private static final int CONVERSATIONS = 20;
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    /** The store's view: each intent's status now, and the tool it belongs to. */
    public static final class StoreView {
        final String state;
        final Map<String, String> statusByKey;
        final Map<String, String> toolByKey;
        /** The conversation (its hash) of each intent that has one, and when each intent began. */
        final Map<String, String> conversationByKey;
        final Map<String, Long> createdByKey;

        public StoreView(String state, Map<String, String> statusByKey, Map<String, String> toolByKey) {
            this(state, statusByKey, toolByKey, Map.of(), Map.of());
        }

        public StoreView(String state, Map<String, String> statusByKey, Map<String, String> toolByKey,
                         Map<String, String> conversationByKey, Map<String, Long> createdByKey) {
            this.state = state;
            this.statusByKey = statusByKey;
            this.toolByKey = toolByKey;
            this.conversationByKey = conversationByKey;
            this.createdByKey = createdByKey;
        }

        /** The store could not be read: {@code why}. */
        public static StoreView unavailable(String why) {
            return new StoreView(why, null, null);
        }

        boolean available() {
            return statusByKey != null;
        }
    }

    private AuditReport() {
    }

    /** Layer names in report order: {@code model, framework, client, user, unattributed}. */
    static List<String> layers() {
        List<String> out = new ArrayList<>();
        for (Layer l : Layer.values()) {
            out.add(l.wireName());
        }
        return out;
    }

    /** Fan-out columns: {@code original} then the layers. */
    static List<String> fanOutColumns() {
        List<String> out = new ArrayList<>();
        out.add(ORIGINAL);
        out.addAll(layers());
        return out;
    }

    public static ObjectNode build(JournalReader.Journal journal, StoreView store, String storePath, String journalPath,
                                   Long sinceMillis, long nowMillis) {
        ObjectNode r = F.objectNode();
        r.put("report", "intentguard-audit");
        r.put("version", VERSION);
        r.put("generated_at", Instant.ofEpochMilli(nowMillis).toString());
        r.put("store", storePath);
        r.put("journal", journalPath);
        if (sinceMillis == null) {
            r.putNull("since");
        } else {
            r.put("since", Instant.ofEpochMilli(sinceMillis).toString());
        }
        r.put("store_state", store.state);
        r.put("journal_files", journal.files);
        r.put("journal_dropped", journal.dropped);
        r.put("unreadable_lines", journal.unreadableLines);
        Set<String> modes = new LinkedHashSet<>();
        for (JsonNode c : journal.calls) {
            modes.add(c.path("mode").asText());
        }
        ArrayNode m = r.putArray("modes");
        modes.stream().sorted().forEach(m::add);
        ArrayNode layerNames = r.putArray("layers");
        layers().forEach(layerNames::add);

        Map<String, ToolTally> tools = new TreeMap<>();
        Map<String, IntentTally> intents = new LinkedHashMap<>();
        for (JsonNode c : journal.calls) {
            String tool = c.path("tool").asText();
            String key = c.path("key").asText();
            ToolTally t = tools.computeIfAbsent(tool, n -> new ToolTally(n, c.path("effect").asText("side_effect")));
            IntentTally i = intents.computeIfAbsent(key, k -> new IntentTally(tool, k));
            t.add(c);
            i.add(c);
            t.intents.add(key);
        }
        ToolTally total = new ToolTally(null, null);
        ArrayNode toolsOut = r.putArray("tools");
        for (ToolTally t : tools.values()) {
            List<Integer> fanOuts = new ArrayList<>();
            for (String key : t.intents) {
                fanOuts.add(intents.get(key).fanOut);
            }
            ObjectNode n = t.toJson(fanOuts);
            if (store.available()) {
                int unknown = 0;
                int reconcile = 0;
                for (Map.Entry<String, String> e : store.statusByKey.entrySet()) {
                    if (t.tool.equals(store.toolByKey.get(e.getKey()))) {
                        if (e.getValue().equals("pending_unknown")) {
                            unknown++;
                        } else if (e.getValue().equals("requires_reconciliation")) {
                            reconcile++;
                        }
                    }
                }
                n.put("unknown", unknown);
                n.put("requires_reconciliation", reconcile);
            } else {
                n.putNull("unknown");
                n.putNull("requires_reconciliation");
            }
            toolsOut.add(n);
            total.merge(t);
        }
        List<Integer> all = new ArrayList<>();
        for (IntentTally i : intents.values()) {
            all.add(i.fanOut);
        }
        ObjectNode totals = total.toJson(all);
        totals.remove("tool");
        totals.remove("effect");
        totals.remove("unknown");
        totals.remove("requires_reconciliation");
        r.set("totals", totals);

        List<IntentTally> worst = new ArrayList<>(intents.values());
        worst.sort(Comparator.comparingInt((IntentTally i) -> -i.fanOut).thenComparingInt(i -> -i.calls.size())
                .thenComparing(i -> i.key));
        ArrayNode worstOut = r.putArray("worst_intents");
        for (IntentTally i : worst.subList(0, Math.min(WORST, worst.size()))) {
            worstOut.add(i.toJson(store.available() ? store.statusByKey.get(i.key) : null));
        }
        r.set("conversations", conversations(store));
        return r;
    }

    /**
     * The multi-step view: for the conversations with an intent in the store (most recent first, at most
     * {@value #CONVERSATIONS}), their intents in the order they began, each with its status now.
     */
    private static ArrayNode conversations(StoreView store) {
        ArrayNode out = F.arrayNode();
        if (!store.available()) {
            return out;
        }
        Map<String, List<String>> byConversation = new HashMap<>();
        store.conversationByKey.forEach((key, c) -> byConversation.computeIfAbsent(c, x -> new ArrayList<>()).add(key));
        Comparator<String> began = Comparator.comparingLong((String k) -> store.createdByKey.getOrDefault(k, 0L))
                .thenComparing(k -> k);
        List<Map.Entry<String, List<String>>> all = new ArrayList<>(byConversation.entrySet());
        for (Map.Entry<String, List<String>> e : all) {
            e.getValue().sort(began);
        }
        all.sort(Comparator.comparingLong((Map.Entry<String, List<String>> e) ->
                -store.createdByKey.getOrDefault(e.getValue().get(e.getValue().size() - 1), 0L)).thenComparing(Map.Entry::getKey));
        for (Map.Entry<String, List<String>> e : all.subList(0, Math.min(CONVERSATIONS, all.size()))) {
            ObjectNode c = out.addObject();
            c.put("conversation", e.getKey());
            ArrayNode steps = c.putArray("intents");
            for (String key : e.getValue()) {
                ObjectNode step = steps.addObject();
                step.put("tool", store.toolByKey.get(key));
                step.put("key", key);
                step.put("status", store.statusByKey.get(key));
                step.put("began", Instant.ofEpochMilli(store.createdByKey.getOrDefault(key, 0L)).toString());
            }
        }
        return out;
    }

    /** The layer a call is charged to: its repeat layer, or {@code original}. */
    static String callLayer(JsonNode call) {
        return call.hasNonNull("layer") ? call.path("layer").asText() : ORIGINAL;
    }

    /** The layer an attempt is charged to: a resend to {@code client}, else the call's. */
    static String attemptLayer(JsonNode call, JsonNode attempt) {
        return attempt.path("resend").asBoolean() || "suppressed".equals(attempt.path("outcome").asText())
                ? Layer.CLIENT.wireName() : callLayer(call);
    }

    static boolean sent(JsonNode attempt) {
        String o = attempt.path("outcome").asText();
        return o.equals("response") || o.equals("no_response");
    }

    /** The p-th percentile by nearest rank (p99 of 100 values is the 99th smallest). */
    static int percentile(List<Integer> values, double p) {
        if (values.isEmpty()) {
            return 0;
        }
        List<Integer> sorted = new ArrayList<>(values);
        sorted.sort(Integer::compare);
        int rank = (int) Math.ceil(p / 100.0 * sorted.size());
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank - 1)));
    }

    private static ObjectNode counts(Map<String, Long> values, List<String> columns) {
        ObjectNode n = F.objectNode();
        for (String c : columns) {
            n.put(c, values.getOrDefault(c, 0L));
        }
        return n;
    }

    private static ObjectNode sortedCounts(Map<String, Long> values) {
        ObjectNode n = F.objectNode();
        new TreeMap<>(values).forEach(n::put);
        return n;
    }

    private static void inc(Map<String, Long> m, String k, long by) {
        if (k != null) {
            m.merge(k, by, Long::sum);
        }
    }

    /** One tool's counts over the journal's window. */
    private static final class ToolTally {
        final String tool;
        final String effect;
        final Set<String> intents = new LinkedHashSet<>();
        long invocations;
        long runs;
        long wireAttempts;
        long resends;
        long suppressed;
        final Map<String, Long> repeats = new LinkedHashMap<>();
        final Map<String, Long> repeatsByLibrary = new LinkedHashMap<>();
        final Map<String, Long> prevented = new LinkedHashMap<>();
        final Map<String, Long> wouldPrevent = new LinkedHashMap<>();
        final Map<String, Long> fanOutByLayer = new LinkedHashMap<>();
        final Map<String, Long> answers = new LinkedHashMap<>();
        int distinct;

        ToolTally(String tool, String effect) {
            this.tool = tool;
            this.effect = effect;
        }

        void add(JsonNode c) {
            invocations++;
            boolean audit = "audit".equals(c.path("mode").asText());
            if (c.path("ran").asBoolean()) {
                runs++;
            }
            inc(answers, c.path("answer").asText(null), 1);
            if (c.hasNonNull("layer")) {
                String layer = c.path("layer").asText();
                inc(repeats, layer, 1);
                if (c.hasNonNull("library")) {
                    inc(repeatsByLibrary, c.path("library").asText(), 1);
                }
                if (c.path("prevented").asBoolean()) {
                    inc(prevented, layer, 1);
                }
                if (audit && dev.intentguard.agent.audit.AuditRecorder.preventing(c.path("would_answer").asText(null))) {
                    inc(wouldPrevent, layer, 1);
                }
            }
            for (JsonNode a : c.path("attempts")) {
                String layer = attemptLayer(c, a);
                if (sent(a)) {
                    wireAttempts++;
                    inc(fanOutByLayer, layer, 1);
                }
                if ("suppressed".equals(a.path("outcome").asText())) {
                    suppressed++;
                    inc(repeats, "client", 1);
                    inc(prevented, "client", 1);
                    inc(repeatsByLibrary, a.path("client").asText(), 1);
                } else if (a.path("resend").asBoolean() && sent(a)) {
                    resends++;
                    inc(repeats, "client", 1);
                    inc(repeatsByLibrary, a.path("client").asText(), 1);
                }
            }
        }

        void merge(ToolTally t) {
            invocations += t.invocations;
            runs += t.runs;
            wireAttempts += t.wireAttempts;
            resends += t.resends;
            suppressed += t.suppressed;
            distinct += t.intents.size();
            t.repeats.forEach((k, v) -> inc(repeats, k, v));
            t.repeatsByLibrary.forEach((k, v) -> inc(repeatsByLibrary, k, v));
            t.prevented.forEach((k, v) -> inc(prevented, k, v));
            t.wouldPrevent.forEach((k, v) -> inc(wouldPrevent, k, v));
            t.fanOutByLayer.forEach((k, v) -> inc(fanOutByLayer, k, v));
            t.answers.forEach((k, v) -> inc(answers, k, v));
        }

        ObjectNode toJson(List<Integer> fanOuts) {
            ObjectNode n = F.objectNode();
            n.put("tool", tool);
            n.put("effect", effect);
            n.put("invocations", invocations);
            n.put("runs", runs);
            n.put("distinct_intents", tool == null ? distinct : intents.size());
            n.put("wire_attempts", wireAttempts);
            n.put("resends", resends);
            n.put("suppressed", suppressed);
            ObjectNode fan = n.putObject("fan_out");
            fan.put("max", fanOuts.stream().mapToInt(Integer::intValue).max().orElse(0));
            fan.put("p99", percentile(fanOuts, 99));
            fan.put("mean", fanOuts.isEmpty() ? 0.0
                    : Math.round(fanOuts.stream().mapToInt(Integer::intValue).average().orElse(0) * 100) / 100.0);
            n.set("fan_out_by_layer", counts(fanOutByLayer, fanOutColumns()));
            n.set("repeats", counts(repeats, layers()));
            n.set("repeats_by_library", sortedCounts(repeatsByLibrary));
            n.set("prevented", counts(prevented, layers()));
            n.put("prevented_total", prevented.values().stream().mapToLong(Long::longValue).sum());
            n.set("would_prevent", counts(wouldPrevent, layers()));
            n.put("would_prevent_total", wouldPrevent.values().stream().mapToLong(Long::longValue).sum());
            n.set("answers", sortedCounts(answers));
            return n;
        }
    }

    /** One intent: its calls in order, and how many write requests they sent. */
    private static final class IntentTally {
        final String tool;
        final String key;
        final List<JsonNode> calls = new ArrayList<>();
        int fanOut;

        IntentTally(String tool, String key) {
            this.tool = tool;
            this.key = key;
        }

        void add(JsonNode c) {
            calls.add(c);
            for (JsonNode a : c.path("attempts")) {
                if (sent(a)) {
                    fanOut++;
                }
            }
        }

        ObjectNode toJson(String status) {
            ObjectNode n = F.objectNode();
            n.put("tool", tool);
            n.put("key", key);
            n.put("fan_out", fanOut);
            n.put("invocations", calls.size());
            n.put("runs", calls.stream().filter(c -> c.path("ran").asBoolean()).count());
            Map<String, Long> repeats = new LinkedHashMap<>();
            long prevented = 0;
            for (JsonNode c : calls) {
                if (c.hasNonNull("layer")) {
                    inc(repeats, c.path("layer").asText(), 1);
                }
                if (c.path("prevented").asBoolean()) {
                    prevented++;
                }
                for (JsonNode a : c.path("attempts")) {
                    boolean suppressed = "suppressed".equals(a.path("outcome").asText());
                    if (suppressed || a.path("resend").asBoolean() && sent(a)) {
                        inc(repeats, "client", 1);
                    }
                    if (suppressed) {
                        prevented++;
                    }
                }
            }
            n.set("repeats", counts(repeats, layers()));
            n.put("prevented", prevented);
            if (status == null) {
                n.putNull("status");
            } else {
                n.put("status", status);
            }
            long first = calls.get(0).path("at").asLong();
            n.put("first_at", Instant.ofEpochMilli(first).toString());
            n.put("last_at", Instant.ofEpochMilli(calls.get(calls.size() - 1).path("at").asLong()).toString());
            ArrayNode timeline = n.putArray("timeline");
            int invocation = 0;
            for (JsonNode c : calls) {
                invocation++;
                ObjectNode e = timeline.addObject();
                long at = c.path("at").asLong();
                e.put("kind", "call");
                e.put("at", Instant.ofEpochMilli(at).toString());
                e.put("offset_ms", at - first);
                e.put("invocation", invocation);
                e.put("layer", callLayer(c));
                if (c.hasNonNull("library")) {
                    e.put("library", c.path("library").asText());
                }
                e.put("ran", c.path("ran").asBoolean());
                e.put("answer", c.path("answer").asText());
                if (c.hasNonNull("would_answer")) {
                    e.put("would_answer", c.path("would_answer").asText());
                }
                e.put("prevented", c.path("prevented").asBoolean());
                e.put("mode", c.path("mode").asText());
                e.put("pid", c.path("pid").asLong());
                for (JsonNode a : c.path("attempts")) {
                    ObjectNode w = timeline.addObject();
                    long aat = a.path("at").asLong(at);
                    w.put("kind", "attempt");
                    w.put("at", Instant.ofEpochMilli(aat).toString());
                    w.put("offset_ms", aat - first);
                    w.put("invocation", invocation);
                    w.put("layer", attemptLayer(c, a));
                    w.put("client", a.path("client").asText());
                    w.put("request", a.path("request").asText());
                    w.put("outcome", a.path("outcome").asText());
                    if (a.hasNonNull("status")) {
                        w.put("status", a.path("status").asInt());
                    }
                    if (a.hasNonNull("detail")) {
                        w.put("detail", a.path("detail").asText());
                    }
                    w.put("resend", a.path("resend").asBoolean());
                }
            }
            return n;
        }
    }
}
