package dev.intentguard.agent.store;

import dev.intentguard.agent.background.BackgroundTurn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IntentStoreTest {
    @TempDir
    Path dir;

    private static final byte[] FP = new byte[32];

    private ChronicleIntentStore open() throws Exception {
        return ChronicleIntentStore.open(dir.resolve("sub").resolve("intents.dat"), 10_000, 8192, java.time.Duration.ofSeconds(1));
    }

    @Test
    void theStoreAndItsLockAreReadableByTheJvmsUserOnlyAndAnExistingFolderIsLeftAlone() throws Exception {
        java.util.Set<java.nio.file.attribute.PosixFilePermission> before = java.nio.file.Files.getPosixFilePermissions(dir);
        ChronicleIntentStore store = open();
        try {
            Path file = dir.resolve("sub").resolve("intents.dat");
            assertEquals("rw-------", perms(file));
            assertEquals("rw-------", perms(file.resolveSibling("intents.dat.lock")));
            assertEquals("rwx------", perms(file.getParent()), "a folder the agent created");
            assertEquals(before, java.nio.file.Files.getPosixFilePermissions(dir), "the application's folder keeps its permissions");
        } finally {
            store.close();
        }
    }

    private static String perms(Path p) throws java.io.IOException {
        return java.nio.file.attribute.PosixFilePermissions.toString(java.nio.file.Files.getPosixFilePermissions(p));
    }

    @Test
    void theUnknownIntentsAreFoundByTheirStatusByteAsTheWholeDecodedStoreWouldFindThem() throws Exception {
        try (ChronicleIntentStore store = open()) {
            for (int i = 0; i < 3000; i++) {
                IntentRecord r = IntentRecord.inFlight("t" + (i % 3), FP, null, i);
                store.putIfAbsent("k:" + i, r);
                switch (i % 5) {
                    case 0 -> store.replace("k:" + i, r, r.done("\"ok\"", false, i + 1));
                    case 1 -> store.replace("k:" + i, r, r.failed("x", i + 1));
                    case 2 -> store.replace("k:" + i, r, r.pendingUnknown("timeout", i + 1));
                    case 3 -> store.replace("k:" + i, r, r.pendingUnknown("timeout", i + 1).requiresReconciliation());
                    default -> { }                                   // in flight
                }
            }
            java.util.Map<String, IntentRecord> whole = new java.util.TreeMap<>();
            store.forEach((k, r) -> {
                if (r.unknown()) {
                    whole.put(k, r);
                }
            });
            java.util.Map<String, IntentRecord> found = new java.util.TreeMap<>();
            store.forEachUnknown((k, r) -> assertNull(found.put(k, r), "each once: " + k));
            assertEquals(1200, whole.size());
            assertEquals(whole.keySet(), found.keySet());
            whole.forEach((k, r) -> assertTrue(r.sameAs(found.get(k)), k));
        }
    }

    @Test
    void recordsRoundTripThroughTheFileFormat() {
        IntentRecord r = IntentRecord.inFlight("refund_order", FP, null, 1000).done("{\"id\":\"re_1\"}", false, 2000);
        IntentRecord back = IntentRecord.decoded(RecordCodec.encode(r));
        assertEquals(IntentStatus.DONE, back.status());
        assertEquals("refund_order", back.tool());
        assertEquals("{\"id\":\"re_1\"}", back.result());
        assertEquals(1000, back.createdAt());
        assertEquals(2000, back.updatedAt());
        assertEquals(1, back.attempts());
        assertTrue(back.sameFingerprint(FP));
        assertTrue(back.sameAs(r));
    }

    @Test
    void transitionsAreCompareAndSetAndSurviveReopening() throws Exception {
        try (ChronicleIntentStore store = open()) {
            IntentRecord inFlight = IntentRecord.inFlight("refund_order", FP, null, 1);
            assertTrue(store.putIfAbsent("k", inFlight));
            assertFalse(store.putIfAbsent("k", IntentRecord.inFlight("refund_order", FP, null, 2)), "only one claim wins");
            assertTrue(inFlight.ownedBySelf());
            IntentRecord done = inFlight.done("\"ok\"", false, 3);
            assertTrue(store.replace("k", inFlight, done));
            assertFalse(store.replace("k", inFlight, inFlight.failed("x", 4)), "a stale expectation loses");
        }
        try (ChronicleIntentStore store = open()) {
            IntentRecord r = store.get("k");
            assertEquals(IntentStatus.DONE, r.status());
            assertEquals("\"ok\"", r.result());
            assertNull(store.get("other"));
            assertEquals(1, store.size());
        }
    }

    @Test
    void largeResultsFitUpToTheConfiguredBound() throws Exception {
        try (ChronicleIntentStore store = open()) {
            String big = "\"" + "x".repeat(8000) + "\"";
            IntentRecord r = IntentRecord.inFlight("t", FP, null, 1);
            store.putIfAbsent("big", r);
            assertTrue(store.replace("big", r, r.done(big, false, 2)));
            assertEquals(big, store.get("big").result());
        }
    }

    @Test
    void manyThreadsClaimingTheSameKeysHaveExactlyOneWinnerEach() throws Exception {
        try (ChronicleIntentStore store = open()) {
            ExecutorService pool = Executors.newFixedThreadPool(8);
            ConcurrentHashMap<String, AtomicInteger> winners = new ConcurrentHashMap<>();
            CountDownLatch start = new CountDownLatch(1);
            for (int t = 0; t < 8; t++) {
                pool.execute(() -> {
                    try {
                        start.await();
                    } catch (InterruptedException e) {
                        return;
                    }
                    for (int k = 0; k < 500; k++) {
                        if (store.putIfAbsent("key-" + k, IntentRecord.inFlight("t", FP, null, k))) {
                            winners.computeIfAbsent("key-" + k, x -> new AtomicInteger()).incrementAndGet();
                        }
                    }
                });
            }
            start.countDown();
            pool.shutdown();
            assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS));
            assertEquals(500, winners.size());
            winners.values().forEach(n -> assertEquals(1, n.get()));
        }
    }

    @Test
    void theSweepRemovesOnlyFinishedIntentsOlderThanTheCutoffReadInPlace() throws Exception {
        try (ChronicleIntentStore store = open()) {
            // 2000 of each: done and failed at times 0..1999, unknown and in flight at the same times.
            for (int t = 0; t < 2000; t++) {
                IntentRecord r = IntentRecord.inFlight("t", FP, null, t);
                store.putIfAbsent("done:" + t, r.done("\"ok\"", false, t));
                store.putIfAbsent("failed:" + t, r.failed("E", t));
                store.putIfAbsent("unknown:" + t, r.pendingUnknown("E", t));
                store.putIfAbsent("flight:" + t, r);
            }
            assertEquals(1000, store.removeFinishedBefore(500), "done and failed at 0..499");
            assertEquals(7000, store.size());
            assertNull(store.get("done:499"));
            assertNull(store.get("failed:0"));
            assertEquals(IntentStatus.DONE, store.get("done:500").status());
            assertEquals(IntentStatus.PENDING_UNKNOWN, store.get("unknown:0").status(), "an unknown intent never goes");
            assertEquals(IntentStatus.IN_FLIGHT, store.get("flight:0").status(), "an intent in flight never goes");
            assertEquals(3000, store.removeFinishedBefore(Long.MAX_VALUE));
            assertEquals(4000, store.size(), "only the unknown and in-flight intents are left");
            assertEquals(Long.MIN_VALUE, store.finishedCutoff(10), "no finished intent: nothing to cut");
        }
    }

    @Test
    void theHousekeepingScanWaitsForTheBackgroundTurnAndACallNeverDoes() throws Exception {
        try (ChronicleIntentStore store = open()) {
            IntentRecord r = IntentRecord.inFlight("t", FP, null, 0);
            for (int t = 0; t < 100; t++) {
                store.putIfAbsent("done:" + t, r.done("\"ok\"", false, t));
            }
            ExecutorService housekeeping = Executors.newSingleThreadExecutor();
            BackgroundTurn.take();                           // the journal's writer, say, is making its batch
            java.util.concurrent.Future<Integer> removed;
            try {
                removed = housekeeping.submit(() -> store.removeFinishedBefore(Long.MAX_VALUE));
                // A call meanwhile: claims, reads and replaces without the turn.
                assertNull(store.claimOrGet("new", r));
                assertTrue(store.replace("new", r, r.done("\"ok\"", false, 1)));
                assertEquals(IntentStatus.DONE, store.get("new").status());
                Thread.sleep(200);
                assertFalse(removed.isDone(), "the scan waits for its turn");
                assertEquals(IntentStatus.DONE, store.get("done:0").status());
            } finally {
                BackgroundTurn.give();
            }
            assertEquals(101, removed.get(10, TimeUnit.SECONDS), "then removes what it came for");
            housekeeping.shutdown();
        }
    }

    @Test
    void aCallWaitingForTheSegmentTheHousekeepingScansGetsItBeforeTheScanEndsAndTheScanLosesNothing() throws Exception {
        try (ChronicleIntentStore store = open()) {
            for (int t = 0; t < 3000; t++) {
                store.putIfAbsent("old:" + t, IntentRecord.inFlight("t", FP, null, t).done("\"ok\"", false, t));
            }
            String claimed = "new:1";
            int target;
            try (var c = store.map().queryContext(claimed)) {
                target = c.segmentIndex();
            }
            CountDownLatch scanning = new CountDownLatch(1);
            CountDownLatch claimReturned = new CountDownLatch(1);
            AtomicInteger scanWaitedForTheClaim = new AtomicInteger();
            store.scanProbe = segment -> {
                if (segment != target) {
                    return;
                }
                if (scanning.getCount() == 1) {
                    // The scan holds the claim's segment: let the claim start waiting for it.
                    scanning.countDown();
                    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                    while (store.waitingForLock.get() == 0 && System.nanoTime() < deadline) {
                        Thread.onSpinWait();
                    }
                    return;
                }
                // Any later entry of this segment: a scan that kept the lock would keep the claim waiting here.
                try {
                    if (!claimReturned.await(5, TimeUnit.SECONDS)) {
                        scanWaitedForTheClaim.incrementAndGet();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            };
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                var sweep = pool.submit(() -> store.removeFinishedBefore(1500));
                assertTrue(scanning.await(10, TimeUnit.SECONDS), "the scan reached the claim's segment");
                var claim = pool.submit(() -> store.claimOrGet(claimed, IntentRecord.inFlight("t", FP, null, 5000)));
                assertNull(claim.get(10, TimeUnit.SECONDS), "the claim is made");
                claimReturned.countDown();
                int removed = sweep.get(30, TimeUnit.SECONDS);
                assertEquals(0, scanWaitedForTheClaim.get(), "the claim got the segment before the scan went on in it");
                // The claim's entry may shift where the scan resumes by one: an entry left for the next pass.
                assertTrue(removed >= 1499, removed + " removed");
                store.scanProbe = null;
                assertEquals(1500, removed + store.removeFinishedBefore(1500), "every finished intent before 1500");
            } finally {
                pool.shutdownNow();
            }
            assertEquals(1501, store.size());
            assertNull(store.get("old:1499"));
            assertEquals(IntentStatus.DONE, store.get("old:1500").status());
            assertEquals(IntentStatus.IN_FLIGHT, store.get(claimed).status());
        }
    }

    @Test
    void theCutoffForTheOldestFinishedIntentsIsEstimatedWithinAFewPercent() throws Exception {
        try (ChronicleIntentStore store = ChronicleIntentStore.open(dir.resolve("cut.dat"), 200_000, 8192,
                java.time.Duration.ofSeconds(1))) {
            for (int t = 0; t < 100_000; t++) {
                store.putIfAbsent("k:" + t, IntentRecord.inFlight("t", FP, null, t).done("\"ok\"", false, 1_000_000 + t));
            }
            long cutoff = store.finishedCutoff(20_000);
            assertTrue(Math.abs(cutoff - 1_020_000) < 5_000, "the 20000 oldest end near 1020000, estimated " + cutoff
                    + " from " + store.map().segments() + " segments");
            assertEquals(Long.MAX_VALUE, store.finishedCutoff(150_000), "more than there are: every finished intent");
            int removed = store.removeFinishedBefore(cutoff);
            assertEquals(cutoff - 1_000_000, removed);
        }
    }

    @Test
    void afterARemovalPassTheCutoffIsEstimatedFromWhatThePassKeptWithoutAnotherScan() throws Exception {
        try (ChronicleIntentStore store = ChronicleIntentStore.open(dir.resolve("kept.dat"), 200_000, 8192,
                java.time.Duration.ofSeconds(1))) {
            for (int t = 0; t < 100_000; t++) {
                store.putIfAbsent("k:" + t, IntentRecord.inFlight("t", FP, null, t).done("\"ok\"", false, 1_000_000 + t));
            }
            assertEquals(10_000, store.removeFinishedBefore(1_010_000));
            // Newer intents since the pass (some still in flight) do not move which are the oldest.
            for (int t = 0; t < 5_000; t++) {
                IntentRecord r = IntentRecord.inFlight("t", FP, null, 2_000_000 + t);
                store.putIfAbsent("new:" + t, t % 2 == 0 ? r : r.done("\"ok\"", false, 2_000_000 + t));
            }
            AtomicInteger read = new AtomicInteger();
            store.scanProbe = segment -> read.incrementAndGet();
            long cutoff = store.finishedCutoff(20_000);
            assertEquals(0, read.get(), "no entry read to estimate it");
            assertTrue(Math.abs(cutoff - 1_030_000) < 5_000, "the 20000 oldest end near 1030000, estimated " + cutoff);
            assertEquals(Long.MAX_VALUE, store.finishedCutoff(95_000), "as many as the pass kept: every finished intent");
            store.scanProbe = null;
            assertEquals(cutoff - 1_010_000, store.removeFinishedBefore(cutoff));
        }
    }

    @Test
    void aFullStoreTakesNewIntentsAgainOnceFinishedOnesAreRemoved() throws Exception {
        try (ChronicleIntentStore store = ChronicleIntentStore.open(dir.resolve("full.dat"), 100, 8192, java.time.Duration.ofSeconds(1))) {
            int filled = 0;
            try {
                for (; filled < 5000; filled++) {
                    IntentRecord r = IntentRecord.inFlight("t", FP, null, filled);
                    store.putIfAbsent("ig1:t:" + filled, r);
                    store.replace("ig1:t:" + filled, r, r.done("\"ok\"", false, filled));
                }
            } catch (StoreFullException expected) {
                System.out.println("full after " + filled + " intents");
            }
            assertEquals(100, filled, "the store stops at max-intents, well before Chronicle's own limit");
            IntentRecord existing = store.claimOrGet("ig1:t:7", IntentRecord.inFlight("t", FP, null, 1));
            assertEquals(IntentStatus.DONE, existing.status(), "a full store still answers for an intent it has (a replay)");
            java.util.List<java.util.Map.Entry<String, IntentRecord>> all = new java.util.ArrayList<>();
            store.forEach((k, r) -> all.add(java.util.Map.entry(k, r)));
            int removed = 0;
            for (java.util.Map.Entry<String, IntentRecord> e : all) {
                if (store.remove(e.getKey(), e.getValue())) {
                    removed++;
                }
            }
            assertEquals(all.size(), removed, "every finished intent could be removed");
            assertEquals(0, store.size());
            for (int i = 0; i < filled / 2; i++) {
                assertTrue(store.putIfAbsent("ig1:new:" + i, IntentRecord.inFlight("t", FP, null, i)));
            }
        }
    }

    @Test
    void theInMemoryStoreHasTheSameSemantics() {
        InMemoryIntentStore store = new InMemoryIntentStore();
        IntentRecord inFlight = IntentRecord.inFlight("t", FP, null, 1);
        assertTrue(store.putIfAbsent("k", inFlight));
        assertFalse(store.putIfAbsent("k", inFlight));
        assertTrue(store.replace("k", inFlight, inFlight.pendingUnknown("java.net.SocketTimeoutException", 2)));
        assertFalse(store.replace("k", inFlight, inFlight.done(null, false, 3)));
        assertEquals(IntentStatus.PENDING_UNKNOWN, store.get("k").status());
    }
}
