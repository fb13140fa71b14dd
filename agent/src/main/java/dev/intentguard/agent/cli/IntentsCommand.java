package dev.intentguard.agent.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.intentguard.agent.audit.CallerSnapshot;
import dev.intentguard.agent.json.AgentJson;
import dev.intentguard.agent.store.IntentStore;
import dev.intentguard.agent.store.IntentRecord;
import dev.intentguard.agent.store.IntentStatus;
import dev.intentguard.agent.store.StoreUnavailableException;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * {@code intents --store PATH|URL [--status S] [--conversation ID] [--json]}: the intents of a store, oldest first, read
 * while the application runs (the store is shared). With {@code --conversation}, the steps of one conversation in the
 * order they began ("inventory done, payment pending_unknown"): the conversation as the audit knows it (a chat memory
 * id, an MCP session, a Spring AI conversation id), matched by its hash, since the id itself is never stored.
 */
final class IntentsCommand {
    static final String USAGE = "usage: intents --store PATH|URL [--status pending_unknown|requires_reconciliation|in_flight|done|failed] "
            + "[--conversation ID] [--json]";

    private IntentsCommand() {
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        StoreArguments a = new StoreArguments(args, List.of("--store", "--status", "--namespace", "--conversation"), List.of("--json"));
        if (a.problem() != null || a.get("--store") == null) {
            err.println((a.problem() == null ? "" : a.problem() + "\n") + USAGE);
            return 2;
        }
        IntentStatus only = null;
        if (a.get("--status") != null) {
            only = IntentStatus.ofDisplayName(a.get("--status"));
            if (only == null) {
                err.println("unknown status \"" + a.get("--status") + "\"\n" + USAGE);
                return 2;
            }
        }
        String conversation = a.get("--conversation");
        String conversationHash = conversation == null ? null : CallerSnapshot.hashOf(conversation);
        List<Map.Entry<String, IntentRecord>> rows = new ArrayList<>();
        try (IntentStore store = CliStores.open(a.get("--store"), a.get("--namespace"))) {
            IntentStatus filter = only;
            store.forEach((key, record) -> {
                boolean inConversation = conversation == null || conversationHash.equals(record.callerConversation())
                        || conversation.equals(record.callerConversation());   // the hash itself, as the journal shows it
                if ((filter == null || record.status() == filter) && inConversation) {
                    rows.add(Map.entry(key, record));
                }
            });
        } catch (StoreUnavailableException | java.io.IOException | RuntimeException e) {
            err.println(e.getMessage());
            return 1;
        }
        rows.sort(Comparator.comparingLong(e -> e.getValue().createdAt()));
        long now = System.currentTimeMillis();
        if (a.has("--json")) {
            ArrayNode array = AgentJson.mapper().createArrayNode();
            for (Map.Entry<String, IntentRecord> e : rows) {
                IntentRecord r = e.getValue();
                ObjectNode n = array.addObject();
                n.put("tool", r.tool());
                n.put("key", e.getKey());
                n.put("status", r.status().displayName());
                n.put("created", Instant.ofEpochMilli(r.createdAt()).toString());
                n.put("updated", Instant.ofEpochMilli(r.updatedAt()).toString());
                n.put("age_seconds", (now - r.createdAt()) / 1000);
                n.put("attempts", r.attempts());
                if (r.callerConversation() != null) {
                    n.put("conversation", r.callerConversation());
                }
                if (r.escalated()) {
                    n.put("escalated", true);
                }
                if (r.error() != null) {
                    n.put("error", r.error());
                }
            }
            out.println(array.toPrettyString());
            return 0;
        }
        if (conversation != null) {
            out.println("conversation " + conversation + " (hash " + conversationHash + "), its intents in the order they began:");
        }
        out.println(String.format("%-20s %-24s %-8s %-8s %s", "TOOL", "STATUS", "AGE", "ATTEMPTS", "KEY"));
        for (Map.Entry<String, IntentRecord> e : rows) {
            IntentRecord r = e.getValue();
            out.println(String.format("%-20s %-24s %-8s %-8d %s", r.tool(), r.status().displayName(), age(now - r.createdAt()),
                    r.attempts(), e.getKey()));
        }
        out.println(rows.size() + (rows.size() == 1 ? " intent" : " intents"));
        return 0;
    }

    static String age(long millis) {
        Duration d = Duration.ofMillis(Math.max(0, millis));
        if (d.toDays() > 0) {
            return d.toDays() + "d" + d.toHoursPart() + "h";
        }
        if (d.toHours() > 0) {
            return d.toHours() + "h" + d.toMinutesPart() + "m";
        }
        if (d.toMinutes() > 0) {
            return d.toMinutes() + "m" + d.toSecondsPart() + "s";
        }
        return d.toSeconds() + "s";
    }
}
