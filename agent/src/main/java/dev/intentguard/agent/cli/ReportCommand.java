package dev.intentguard.agent.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.intentguard.agent.audit.AuditRecorder;
import dev.intentguard.agent.audit.report.AuditReport;
import dev.intentguard.agent.audit.report.HtmlReport;
import dev.intentguard.agent.audit.report.JournalReader;
import dev.intentguard.agent.audit.report.TextReport;
import dev.intentguard.agent.config.Durations;
import dev.intentguard.agent.json.AgentJson;
import dev.intentguard.agent.store.ChronicleIntentStore;
import dev.intentguard.agent.store.FleetStore;
import dev.intentguard.agent.store.StoreUnavailableException;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code report --store PATH [--since 24h] [--format text|json|html] [--out FILE]}: how bad the retry stack is. Reads
 * the journal beside the store (every process that used it) and the store itself (which intents are unknown now), and
 * prints per tool the invocations, repeats by layer, fan-out and what was (or would have been) prevented, and the
 * worst intents with their timelines. Works while the application runs.
 */
final class ReportCommand {
    static final String USAGE = "usage: report --store PATH|URL [--since 24h] [--format text|json|html] [--out FILE]";

    private ReportCommand() {
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        StoreArguments a = new StoreArguments(args, List.of("--store", "--since", "--format", "--out", "--namespace"), List.of());
        if (a.problem() != null || a.get("--store") == null) {
            err.println((a.problem() == null ? "" : a.problem() + "\n") + USAGE);
            return 2;
        }
        String format = a.get("--format") == null ? "text" : a.get("--format");
        if (!List.of("text", "json", "html").contains(format)) {
            err.println("unknown format \"" + format + "\"\n" + USAGE);
            return 2;
        }
        long now = System.currentTimeMillis();
        Long since = null;
        if (a.get("--since") != null) {
            Duration d = Durations.parse(a.get("--since"));
            if (d == null || d.isNegative() || d.isZero()) {
                err.println("--since \"" + a.get("--since") + "\" is not a duration (24h, 7d, 30m)\n" + USAGE);
                return 2;
            }
            since = now - d.toMillis();
        }
        ObjectNode report;
        if (CliStores.shared(a.get("--store"))) {
            try (FleetStore fleet = CliStores.fleet(a.get("--store"), a.get("--namespace"))) {
                JournalReader.Journal journal = JournalReader.fromLines(fleet.readJournal(since == null ? 0 : since),
                        since == null ? 0 : since);
                report = AuditReport.build(journal, storeView(fleet), fleet.describe(), fleet.describe() + " journal", since, now);
            } catch (StoreUnavailableException | RuntimeException e) {
                err.println(e.getMessage());
                return 1;
            }
        } else {
            Path store = Path.of(a.get("--store")).toAbsolutePath().normalize();
            Path folder = AuditRecorder.journalFolder(store);
            JournalReader.Journal journal;
            try {
                journal = JournalReader.read(folder, since == null ? 0 : since);
            } catch (IOException e) {
                err.println("cannot read the journal " + folder + ": " + e);
                return 1;
            }
            if (journal.files == 0 && !Files.exists(store)) {
                err.println("neither a store nor a journal at " + store + " (the journal is " + folder + ")");
                return 1;
            }
            report = AuditReport.build(journal, storeView(store), store.toString(), folder.toString(), since, now);
        }
        String text;
        try {
            switch (format) {
                case "json":
                    text = AgentJson.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(report) + "\n";
                    break;
                case "html":
                    text = HtmlReport.render(report);
                    break;
                default:
                    text = TextReport.render(report);
            }
        } catch (IOException e) {
            err.println("cannot render the report: " + e);
            return 1;
        }
        if (a.get("--out") == null) {
            out.print(text);
            out.flush();
            return 0;
        }
        Path target = Path.of(a.get("--out"));
        try {
            if (target.toAbsolutePath().getParent() != null) {
                Files.createDirectories(target.toAbsolutePath().getParent());
            }
            Files.writeString(target, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            err.println("cannot write " + target + ": " + e);
            return 1;
        }
        out.println("report written to " + target.toAbsolutePath());
        return 0;
    }

    /** Each intent's status now, in a shared store. */
    private static AuditReport.StoreView storeView(FleetStore store) {
        Map<String, String> status = new HashMap<>();
        Map<String, String> tool = new HashMap<>();
        Map<String, String> conversation = new HashMap<>();
        Map<String, Long> created = new HashMap<>();
        try {
            store.forEach((key, record) -> {
                status.put(key, record.status().displayName());
                tool.put(key, record.tool());
                created.put(key, record.createdAt());
                if (record.callerConversation() != null) {
                    conversation.put(key, record.callerConversation());
                }
            });
        } catch (RuntimeException e) {
            return AuditReport.StoreView.unavailable("unreadable: " + e.getMessage());
        }
        return new AuditReport.StoreView("read", status, tool, conversation, created);
    }

    /** Each intent's status now; an absent or unreadable store leaves those columns empty and says why. */
    private static AuditReport.StoreView storeView(Path path) {
        if (!Files.exists(path)) {
            return AuditReport.StoreView.unavailable("no store file");
        }
        Map<String, String> status = new HashMap<>();
        Map<String, String> tool = new HashMap<>();
        Map<String, String> conversation = new HashMap<>();
        Map<String, Long> created = new HashMap<>();
        try (ChronicleIntentStore s = ChronicleIntentStore.openExisting(path, Duration.ofSeconds(5))) {
            s.forEach((key, record) -> {
                status.put(key, record.status().displayName());
                tool.put(key, record.tool());
                created.put(key, record.createdAt());
                if (record.callerConversation() != null) {
                    conversation.put(key, record.callerConversation());
                }
            });
        } catch (StoreUnavailableException | IOException | RuntimeException e) {
            return AuditReport.StoreView.unavailable("unreadable: " + e.getMessage());
        }
        return new AuditReport.StoreView("read", status, tool, conversation, created);
    }
}
