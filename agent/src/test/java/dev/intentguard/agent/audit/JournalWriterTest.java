package dev.intentguard.agent.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.intentguard.agent.background.BackgroundTurn;
import dev.intentguard.agent.config.AuditSettings;
import dev.intentguard.agent.wire.WireAttempt;
import dev.intentguard.agent.wire.WireOutcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JournalWriterTest {
    @TempDir
    Path dir;

    private static CallEntry call(int n) {
        return new CallEntry(1_000_000L + n, 12, 42, "audit", "refund_order", "side_effect", "ig1:refund_order:k" + n,
                n % 2 == 0 ? null : Layer.FRAMEWORK, n % 2 == 0 ? null : "resilience4j", 1, null, true, "error",
                "pending_unknown", "pending_unknown", false, "java.net.SocketException",
                List.of(new WireAttempt("okhttp", "POST 127.0.0.1:80 /refunds", WireOutcome.NO_RESPONSE, 0,
                        "SocketException", 1_000_000L + n)));
    }

    private static List<String> lines(Path folder) throws Exception {
        List<String> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path f : files.sorted().collect(Collectors.toList())) {
                out.addAll(Files.readAllLines(f));
            }
        }
        return out;
    }

    @Test
    void aFullQueueDropsAndCountsInsteadOfWaiting() throws Exception {
        Path folder = dir.resolve("intents.dat.journal");
        JournalWriter w = new JournalWriter(folder, new AuditSettings(true, 1 << 20, 5, 4, true), false);
        for (int i = 0; i < 10; i++) {
            w.offer(call(i));                              // the writer is not running: 4 fit, 6 are dropped
        }
        assertEquals(6, w.dropped());
        assertFalse(Files.exists(folder), "nothing is written before the writer runs");
        w.start();
        w.close(10_000);
        List<String> lines = lines(folder);
        assertEquals(5, lines.size(), lines.toString());
        ObjectMapper json = new ObjectMapper();
        JsonNode first = json.readTree(lines.get(0));
        assertEquals("call", first.path("type").asText());
        assertEquals("ig1:refund_order:k0", first.path("key").asText());
        assertFalse(first.has("layer"), "a first invocation has no layer");
        assertEquals("no_response", first.path("attempts").get(0).path("outcome").asText());
        JsonNode second = json.readTree(lines.get(1));
        assertEquals("framework", second.path("layer").asText());
        assertEquals("resilience4j", second.path("library").asText());
        JsonNode dropped = json.readTree(lines.get(4));
        assertEquals("dropped", dropped.path("type").asText());
        assertEquals(6, dropped.path("count").asLong());
        w.offer(call(99));
        assertEquals(7, w.dropped(), "a closed writer takes nothing");
    }

    @Test
    void aBatchThatCannotBeWrittenIsCountedAsDroppedWithTheDropsBeforeIt() throws Exception {
        Path folder = dir.resolve("failing.dat.journal");
        JournalWriter w = new JournalWriter(folder, new AuditSettings(true, 1 << 20, 5, 4, true), false);
        w.offer(call(0));
        w.offer(g -> {
            throw new java.io.IOException("an entry that cannot be written");
        });
        for (int i = 1; i < 5; i++) {
            w.offer(call(i));                              // 4 fit, calls 3 and 4 are dropped
        }
        assertEquals(2, w.dropped());
        w.start();
        for (int i = 0; i < 500 && w.dropped() < 6; i++) {
            Thread.sleep(10);
        }
        assertEquals(6, w.dropped(), "the failed batch of four counts as dropped too");
        w.offer(call(9));
        w.close(10_000);
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> written = new ArrayList<>();
        for (String line : lines(folder)) {
            written.add(json.readTree(line));
        }
        assertEquals(2, written.size(), written.toString());
        assertEquals(1, written.stream().filter(n -> n.path("key").asText().equals("ig1:refund_order:k9")).count());
        assertEquals(6, written.stream().filter(n -> n.path("type").asText().equals("dropped"))
                .mapToLong(n -> n.path("count").asLong()).sum(), "the two dropped before the failed batch are not lost");
    }

    @Test
    void aCallLineCarriesEveryFieldUnderItsName() throws Exception {
        Path folder = dir.resolve("fields.dat.journal");
        JournalWriter w = new JournalWriter(folder, new AuditSettings(true, 1 << 20, 5, 16, true));
        w.offer(new CallEntry(1_000_123L, 12, 42, "enforce", "refund_order", "side_effect", "ig1:refund_order:k", Layer.MODEL,
                "spring-ai", 2, "spring-ai", false, "already_done", "done", "already_done", true, "java.io.IOException",
                List.of(new WireAttempt("okhttp", "POST 127.0.0.1:80 /refunds", WireOutcome.RESPONSE, 503, "Service Unavailable",
                        1_000_100L))));
        w.close(10_000);
        JsonNode line = new ObjectMapper().readTree(lines(folder).get(0));
        JsonNode expected = new ObjectMapper().readTree("{\"v\":1,\"type\":\"call\",\"at\":1000123,\"duration_us\":12,"
                + "\"pid\":42,\"mode\":\"enforce\",\"tool\":\"refund_order\",\"effect\":\"side_effect\","
                + "\"key\":\"ig1:refund_order:k\",\"layer\":\"model\",\"repeat\":2,\"library\":\"spring-ai\","
                + "\"framework\":\"spring-ai\",\"ran\":false,\"answer\":\"already_done\",\"outcome\":\"done\","
                + "\"would_answer\":\"already_done\",\"prevented\":true,\"error\":\"java.io.IOException\","
                + "\"attempts\":[{\"at\":1000100,\"client\":\"okhttp\",\"request\":\"POST 127.0.0.1:80 /refunds\","
                + "\"outcome\":\"response\",\"status\":503,\"detail\":\"Service Unavailable\",\"resend\":false,"
                + "\"layer\":\"model\"}]}");
        assertEquals(expected, line);
    }

    @Test
    void theWriterMakesItsBatchInABackgroundTurn() throws Exception {
        Path folder = dir.resolve("turn.dat.journal");
        JournalWriter w = new JournalWriter(folder, new AuditSettings(true, 1 << 20, 5, 16, true));
        BackgroundTurn.take();                              // the housekeeping, say, is scanning a segment
        try {
            w.offer(call(1));
            Thread.sleep(300);                              // the writer drains every 10 ms while entries come
            assertEquals(0, w.written(), "it waits for the turn");
        } finally {
            BackgroundTurn.give();
        }
        w.close(10_000);
        assertEquals(1, lines(folder).size());
    }

    @Test
    void entriesOfferedFromManyThreadsWhileTheWriterDrainsAreEachWrittenOrCountedAsDroppedAndTheQueueEmptiesAgain()
            throws Exception {
        Path folder = dir.resolve("many.dat.journal");
        JournalWriter w = new JournalWriter(folder, new AuditSettings(true, 1 << 30, 5, 256, true));
        int threads = 4;
        int each = 20_000;
        java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
        List<Thread> offering = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int base = t * each;
            Thread thread = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < each; i++) {
                    w.offer(call(base + i));
                }
            });
            thread.start();
            offering.add(thread);
        }
        go.countDown();
        for (Thread thread : offering) {
            thread.join(60_000);
        }
        // Once the writer has caught up, the queue takes entries again: its count went back down with what it took.
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
        while (w.written() + w.dropped() < (long) threads * each && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals((long) threads * each, w.written() + w.dropped(), "each entry written or counted as dropped");
        long droppedBefore = w.dropped();
        for (int i = 0; i < 256; i++) {
            w.offer(call(-1 - i));
        }
        assertEquals(droppedBefore, w.dropped(), "an emptied queue has room for its whole capacity again");
        w.close(10_000);
        long calls = lines(folder).stream().filter(l -> l.contains("\"type\":\"call\"")).count();
        assertEquals((long) threads * each + 256 - droppedBefore, calls, "every entry not dropped is in the file");
    }

    @Test
    void theJournalIsReadableByTheJvmsUserOnly() throws Exception {
        Path folder = dir.resolve("state").resolve("intents.dat.journal");
        JournalWriter w = new JournalWriter(folder, new AuditSettings(true, 1 << 20, 5, 64, true), false);
        w.start();
        w.offer(call(1));
        w.close(10_000);
        try (Stream<Path> files = Files.list(folder)) {
            List<Path> written = files.collect(Collectors.toList());
            assertFalse(written.isEmpty());
            for (Path f : written) {
                assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(f)), f.toString());
            }
        }
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(folder)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(folder.getParent())),
                "a folder the agent created");
    }

    @Test
    void filesRotateBySizeAndOnlyTheNewestAreKept() throws Exception {
        Path folder = dir.resolve("intents.dat.journal");
        JournalWriter w = new JournalWriter(folder, new AuditSettings(true, 4096, 2, 10_000, true), false);
        w.start();
        for (int i = 0; i < 200; i++) {
            w.offer(call(i));
            if (i % 20 == 19) {
                Thread.sleep(300);                         // several batches, so several rotations
            }
        }
        w.close(10_000);
        List<String> names;
        try (Stream<Path> files = Files.list(folder)) {
            names = files.map(f -> f.getFileName().toString()).sorted().collect(Collectors.toList());
        }
        long rotated = names.stream().filter(n -> JournalWriter.ROTATED.matcher(n).matches()).count();
        assertEquals(2, rotated, names.toString());
        assertTrue(names.contains(w.activeFile().getFileName().toString()), names.toString());
        for (String n : names) {
            assertTrue(Files.size(folder.resolve(n)) <= 4096 + 2048, n + " stays near the size limit");
            String text = Files.readString(folder.resolve(n));
            assertTrue(text.endsWith("\n"), n + " ends with a whole line");
            for (String line : text.split("\n")) {
                assertEquals("call", dev.intentguard.agent.json.AgentJson.mapper().readTree(line).path("type").asText(),
                        n + ": each line one whole entry: " + line);
            }
        }
    }
}
