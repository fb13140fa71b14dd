package dev.intentguard.agent.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The {@code call} entries of an audit journal folder, process after process. A file is one process's
 * ({@code audit-<pid>.jsonl}, rotated ones {@code audit-<pid>-<millis>.jsonl}), so the files are ordered by their
 * first entry's time, not by name: pids are not increasing (a later JVM may get a shorter or recycled pid, and
 * {@code audit-100234} sorts before {@code audit-99999}). Within a file the writer's order is kept.
 */
public final class JournalCalls {
    private static final ObjectMapper JSON = new ObjectMapper();

    private JournalCalls() {
    }

    public static List<JsonNode> in(Path folder) throws IOException {
        List<List<JsonNode>> files = new ArrayList<>();
        try (Stream<Path> listed = Files.list(folder)) {
            for (Path f : listed.filter(f -> f.getFileName().toString().matches("audit-.*\\.jsonl")).sorted()
                    .collect(Collectors.toList())) {
                List<JsonNode> calls = new ArrayList<>();
                for (String line : Files.readAllLines(f)) {
                    JsonNode n = JSON.readTree(line);
                    if (n.path("type").asText().equals("call")) {
                        calls.add(n);
                    }
                }
                if (!calls.isEmpty()) {
                    files.add(calls);
                }
            }
        }
        files.sort(Comparator.comparingLong(calls -> calls.get(0).path("at").asLong()));
        List<JsonNode> out = new ArrayList<>();
        files.forEach(out::addAll);
        return out;
    }
}
