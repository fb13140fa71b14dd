package dev.intentguard.agent.audit.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Iterator;
import java.util.Map;

/** The report for a terminal: one block per tool, then the worst intents with their timelines. */
public final class TextReport {
    private TextReport() {
    }

    public static String render(JsonNode r) {
        StringBuilder b = new StringBuilder();
        b.append("intentguard audit report, ").append(r.path("generated_at").asText()).append('\n');
        b.append("  journal ").append(r.path("journal").asText()).append(" (").append(r.path("journal_files").asInt())
                .append(" files)").append(r.path("since").isNull() ? ", everything" : ", since " + r.path("since").asText())
                .append('\n');
        b.append("  store   ").append(r.path("store").asText()).append(" (").append(r.path("store_state").asText()).append(")\n");
        b.append("  modes   ").append(join(r.path("modes"))).append('\n');
        if (r.path("journal_dropped").asLong() > 0) {
            b.append("  WARNING: ").append(r.path("journal_dropped").asLong())
                    .append(" journal entries were dropped (the writer could not keep up): counts are low\n");
        }
        if (r.path("unreadable_lines").asLong() > 0) {
            b.append("  ").append(r.path("unreadable_lines").asLong()).append(" unreadable journal lines skipped\n");
        }
        JsonNode t = r.path("totals");
        b.append("\nall tools: ").append(t.path("invocations").asLong()).append(" invocations (").append(t.path("runs").asLong())
                .append(" ran), ").append(t.path("distinct_intents").asLong()).append(" intents, ")
                .append(t.path("wire_attempts").asLong()).append(" write requests sent, fan-out max ")
                .append(t.path("fan_out").path("max").asInt()).append(" p99 ").append(t.path("fan_out").path("p99").asInt())
                .append('\n');
        b.append("  repeats by layer:   ").append(layers(t.path("repeats"))).append('\n');
        b.append("  prevented by layer: ").append(layers(t.path("prevented"))).append(" (total ")
                .append(t.path("prevented_total").asLong()).append(")\n");
        if (t.path("would_prevent_total").asLong() > 0) {
            b.append("  enforce would have prevented: ").append(layers(t.path("would_prevent"))).append(" (total ")
                    .append(t.path("would_prevent_total").asLong()).append(")\n");
        }
        for (JsonNode tool : r.path("tools")) {
            b.append('\n').append(tool.path("tool").asText()).append(" (").append(tool.path("effect").asText()).append(")\n");
            b.append("  invocations ").append(tool.path("invocations").asLong()).append(" (ran ").append(tool.path("runs").asLong())
                    .append("), distinct intents ").append(tool.path("distinct_intents").asLong())
                    .append(", write requests sent ").append(tool.path("wire_attempts").asLong())
                    .append(", fan-out max ").append(tool.path("fan_out").path("max").asInt())
                    .append(" p99 ").append(tool.path("fan_out").path("p99").asInt()).append('\n');
            b.append("  requests by layer:  ").append(layers(tool.path("fan_out_by_layer"))).append('\n');
            b.append("  repeats by layer:   ").append(layers(tool.path("repeats")));
            if (tool.path("repeats_by_library").size() > 0) {
                b.append("  [").append(pairs(tool.path("repeats_by_library"))).append(']');
            }
            b.append('\n');
            b.append("  prevented by layer: ").append(layers(tool.path("prevented"))).append(" (total ")
                    .append(tool.path("prevented_total").asLong()).append(")\n");
            if (tool.path("would_prevent_total").asLong() > 0) {
                b.append("  enforce would have prevented: ").append(layers(tool.path("would_prevent"))).append(" (total ")
                        .append(tool.path("would_prevent_total").asLong()).append(")\n");
            }
            b.append("  answers: ").append(pairs(tool.path("answers"))).append('\n');
            b.append("  unknown now: ").append(count(tool.path("unknown"))).append(", requires_reconciliation: ")
                    .append(count(tool.path("requires_reconciliation"))).append('\n');
        }
        if (r.path("worst_intents").size() > 0) {
            b.append("\nworst intents (largest fan-out)\n");
        }
        for (JsonNode i : r.path("worst_intents")) {
            b.append("  ").append(i.path("key").asText()).append("  ").append(i.path("tool").asText()).append(": fan-out ")
                    .append(i.path("fan_out").asInt()).append(", ").append(i.path("invocations").asInt()).append(" invocations, ")
                    .append(i.path("prevented").asInt()).append(" prevented, status ")
                    .append(i.path("status").isNull() ? "not in the store" : i.path("status").asText()).append('\n');
            for (JsonNode e : i.path("timeline")) {
                b.append(String.format("    %+8dms ", e.path("offset_ms").asLong()));
                if (e.path("kind").asText().equals("call")) {
                    b.append("call #").append(e.path("invocation").asInt()).append(' ').append(e.path("layer").asText());
                    if (e.hasNonNull("library")) {
                        b.append(" (").append(e.path("library").asText()).append(')');
                    }
                    b.append(e.path("ran").asBoolean() ? " ran -> " : " not run -> ").append(e.path("answer").asText());
                    if (e.hasNonNull("would_answer")) {
                        b.append(" (enforce: ").append(e.path("would_answer").asText()).append(')');
                    }
                    if (e.path("prevented").asBoolean()) {
                        b.append(" PREVENTED");
                    }
                } else {
                    b.append("    ").append(e.path("request").asText()).append(" via ").append(e.path("client").asText())
                            .append(": ").append(e.path("outcome").asText());
                    if (e.hasNonNull("status")) {
                        b.append(' ').append(e.path("status").asInt());
                    }
                    if (e.hasNonNull("detail")) {
                        b.append(" (").append(e.path("detail").asText()).append(')');
                    }
                    b.append(" [").append(e.path("layer").asText()).append(']');
                }
                b.append('\n');
            }
        }
        if (r.path("conversations").size() > 0) {
            b.append("\nconversations (their intents in order, status now)\n");
        }
        for (JsonNode c : r.path("conversations")) {
            b.append("  ").append(c.path("conversation").asText()).append(": ");
            boolean first = true;
            for (JsonNode i : c.path("intents")) {
                b.append(first ? "" : ", ").append(i.path("tool").asText()).append(' ').append(i.path("status").asText());
                first = false;
            }
            b.append('\n');
        }
        if (r.path("tools").size() == 0) {
            b.append("\nno guarded calls in the journal").append(r.path("since").isNull() ? "" : " for this window").append('\n');
        }
        return b.toString();
    }

    private static String layers(JsonNode counts) {
        StringBuilder b = new StringBuilder();
        for (Iterator<Map.Entry<String, JsonNode>> it = counts.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            b.append(b.length() == 0 ? "" : ", ").append(e.getKey()).append(' ').append(e.getValue().asLong());
        }
        return b.toString();
    }

    private static String pairs(JsonNode counts) {
        return layers(counts);
    }

    private static String count(JsonNode n) {
        return n.isNull() ? "? (store not read)" : n.asText();
    }

    private static String join(JsonNode array) {
        StringBuilder b = new StringBuilder();
        for (JsonNode n : array) {
            b.append(b.length() == 0 ? "" : ", ").append(n.asText());
        }
        return b.length() == 0 ? "(none)" : b.toString();
    }
}
