package dev.intentguard.agent.audit.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.intentguard.agent.json.AgentJson;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Reads a journal folder ({@code <store.path>.journal/}): every {@code audit-*.jsonl} file of every process, the
 * {@code call} entries at or after {@code since}, sorted by time, and the {@code dropped} counts. A line that does not
 * parse (a process killed in the middle of a write) is counted and skipped.
 */
public final class JournalReader {
    /** What a journal folder holds. */
    public static final class Journal {
        public final List<JsonNode> calls;
        public final long dropped;
        public final long unreadableLines;
        public final int files;

        Journal(List<JsonNode> calls, long dropped, long unreadableLines, int files) {
            this.calls = calls;
            this.dropped = dropped;
            this.unreadableLines = unreadableLines;
            this.files = files;
        }
    }

    private JournalReader() {
    }

    /** The journal in {@code folder} from {@code sinceMillis} on (0: everything); an absent folder reads as empty. */
    public static Journal read(Path folder, long sinceMillis) throws IOException {
        List<JsonNode> calls = new ArrayList<>();
        long dropped = 0;
        long unreadable = 0;
        if (!Files.isDirectory(folder)) {
            return new Journal(calls, 0, 0, 0);
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(folder)) {
            files = s.filter(f -> f.getFileName().toString().matches("audit-.*\\.jsonl")).sorted().collect(Collectors.toList());
        }
        Counts counts = new Counts();
        for (Path f : files) {
            try (BufferedReader in = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
                String line;
                while ((line = in.readLine()) != null) {
                    take(line, sinceMillis, calls, counts);
                }
            } catch (java.nio.file.NoSuchFileException rotatedMeanwhile) {
                // a running process rotated or removed it while we listed: its entries are in the next file
            }
        }
        dropped = counts.dropped;
        unreadable = counts.unreadable;
        calls.sort(Comparator.comparingLong((JsonNode n) -> n.path("at").asLong()));
        return new Journal(calls, dropped, unreadable, files.size());
    }

    /** The journal a shared store keeps for its fleet: its lines, written at or after {@code sinceMillis}. */
    public static Journal fromLines(List<String> lines, long sinceMillis) {
        List<JsonNode> calls = new ArrayList<>();
        Counts counts = new Counts();
        for (String line : lines) {
            take(line, sinceMillis, calls, counts);
        }
        calls.sort(Comparator.comparingLong((JsonNode n) -> n.path("at").asLong()));
        return new Journal(calls, counts.dropped, counts.unreadable, lines.isEmpty() ? 0 : 1);
    }

    private static final class Counts {
        long dropped;
        long unreadable;
    }

    private static void take(String line, long sinceMillis, List<JsonNode> calls, Counts counts) {
        if (line.isBlank()) {
            return;
        }
        JsonNode n;
        try {
            n = AgentJson.mapper().readTree(line);
        } catch (IOException e) {
            counts.unreadable++;
            return;
        }
        if (n == null || !n.isObject() || n.path("at").asLong(0) < sinceMillis) {
            return;
        }
        String type = n.path("type").asText();
        if (type.equals("call") && n.hasNonNull("tool") && n.hasNonNull("key")) {
            calls.add(n);
        } else if (type.equals("dropped")) {
            counts.dropped += n.path("count").asLong(0);
        }
    }
}
