package dev.intentguard.agent.store;

import dev.intentguard.agent.background.BackgroundTurn;
import net.openhft.chronicle.hash.Data;
import net.openhft.chronicle.hash.SegmentLock;
import net.openhft.chronicle.map.ChronicleMap;
import net.openhft.chronicle.map.ChronicleMapBuilder;
import net.openhft.chronicle.map.ExternalMapQueryContext;
import net.openhft.chronicle.bytes.RandomDataInput;
import net.openhft.chronicle.map.MapEntry;
import net.openhft.chronicle.map.MapSegmentContext;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BiConsumer;
import java.util.function.IntConsumer;

/**
 * Intents in a Chronicle Map persisted to {@code store.path}: memory-mapped, shared by every JVM on the host that
 * opens the same file, and surviving crashes of any of them (a write is in the page cache the moment it returns).
 *
 * <p>Every operation takes Chronicle's segment lock with {@code tryLock(store.lock-timeout)}: a lock left by a
 * process that died holding it turns into a {@link StoreBusyException} within that bound instead of Chronicle's
 * 60-second stall. Such a lock (and any half-done write) is repaired by Chronicle's recovery, which runs when the
 * store is next opened by a process that is alone on it and finds that a user ended without closing it
 * ({@link StoreMembership}).
 */
public final class ChronicleIntentStore implements IntentStore {
    /** The JDK modules Chronicle cannot run without (jlink images may lack them). */
    private static final List<String> REQUIRED_MODULES = List.of("java.naming", "jdk.unsupported", "java.management");
    private static final String HEADER = "!net.openhft.chronicle.map.VanillaChronicleMap";
    private static final int AVERAGE_KEY_BYTES = 64;
    private static final int AVERAGE_VALUE_BYTES = 192;

    private final ChronicleMap<String, byte[]> map;
    private final Path path;
    private final StoreMembership membership;
    private final long lockMillis;
    private final boolean recovered;
    private final long maxIntents;
    /**
     * The map's size as last counted (all processes' intents), kept by this process's own inserts and removals in
     * between; counting every claim would cost the hot path. Changed by deltas, never overwritten by a count taken
     * beside a claim of another thread: the housekeeping's recount used to overwrite an insert made meanwhile, and the
     * next claim then passed the cap by one.
     */
    private final AtomicLong knownSize;
    private volatile long sizeCountedAt;
    /**
     * This process's operations waiting for a segment lock right now. A housekeeping scan holding a segment gives it up
     * to them ({@link #forEachEntryOf}): a call never waits for a scan of this process, only for one entry of it.
     */
    final AtomicInteger waitingForLock = new AtomicInteger();
    /** Tests only: told the segment of each entry a housekeeping scan is about to read. */
    volatile IntConsumer scanProbe;

    private ChronicleIntentStore(ChronicleMap<String, byte[]> map, Path path, StoreMembership membership, long lockMillis,
                                 boolean recovered, long maxIntents) {
        this.map = map;
        this.path = path;
        this.membership = membership;
        this.lockMillis = lockMillis;
        this.recovered = recovered;
        this.maxIntents = maxIntents;
        this.knownSize = new AtomicLong(map.longSize());
        this.sizeCountedAt = System.currentTimeMillis();
    }

    /** The modules of {@link #REQUIRED_MODULES} this runtime does not have. */
    public static List<String> missingModules() {
        List<String> missing = new ArrayList<>();
        for (String m : REQUIRED_MODULES) {
            if (ModuleLayer.boot().findModule(m).isEmpty()) {
                missing.add(m);
            }
        }
        return missing;
    }

    /** Opens an existing store (the command-line tools never create one). */
    public static ChronicleIntentStore openExisting(Path path, Duration lockTimeout) throws IOException, StoreUnavailableException {
        if (!Files.exists(path) || Files.size(path) == 0) {
            throw new StoreUnavailableException("there is no intent store at " + path, null);
        }
        return open(path, 1000, 8192, lockTimeout);
    }

    /**
     * Opens the store at {@code path}, creating the file (and its directory) if needed, or recovering it if no
     * other process has it open.
     */
    public static ChronicleIntentStore open(Path path, long maxIntents, int maxResultBytes, Duration lockTimeout)
            throws IOException, StoreUnavailableException {
        Path parent = path.getParent();
        if (parent != null) {
            OwnerOnlyFiles.createFolders(parent);
        }
        StoreMembership membership = StoreMembership.enter(path);
        try {
            boolean existing = Files.exists(path) && Files.size(path) > 0;
            if (existing) {
                checkHeader(path);
            }
            // Chronicle holds about three times its configured entries before a hash segment fills (and near that
            // limit its state degrades); the agent's own cap (max-intents) stops well before.
            ChronicleMapBuilder<String, byte[]> builder = ChronicleMapBuilder.of(String.class, byte[].class)
                    .name("intentguard-intents")
                    .entries(Math.max(maxIntents, 1000))
                    .averageKeySize(AVERAGE_KEY_BYTES)
                    .averageValueSize(AVERAGE_VALUE_BYTES)
                    .maxChunksPerEntry(Math.max(64, (maxResultBytes + 1024) / 32));
            ChronicleMap<String, byte[]> map;
            boolean recovered = existing && membership.alone() && !membership.leftOpen().isEmpty();
            try {
                // Opening normally first checks the header and the file's length (a truncated file is refused here).
                map = builder.createPersistedTo(path.toFile());
                // Before the first intent is written: a new file holds Chronicle's header only until here.
                OwnerOnlyFiles.restrict(path);
                if (recovered) {
                    // A process ended without closing the store and this one is alone: repair what it may have left
                    // (segment locks still held, a half-done write). Chronicle's recovery needs this exclusivity.
                    map.close();
                    map = builder.recoverPersistedTo(path.toFile(), true);
                }
            } catch (IOException | RuntimeException e) {
                throw new StoreUnavailableException("the intent store " + path + " cannot be opened (" + e.getMessage()
                        + "). It may be damaged or truncated: stop the processes that use it and move the file aside; "
                        + "the agent then starts an empty store, and intents recorded in the old file are no longer "
                        + "recognized (repeats of those intents would run again)", e);
            }
            membership.opened();
            return new ChronicleIntentStore(map, path, membership, lockTimeout.toMillis(), recovered, maxIntents);
        } catch (IOException | StoreUnavailableException | RuntimeException e) {
            membership.close();
            throw e;
        }
    }

    /** A file that is not a Chronicle Map is refused before Chronicle reads it (it would wait for it to "finish"). */
    private static void checkHeader(Path path) throws IOException, StoreUnavailableException {
        byte[] head;
        try (InputStream in = Files.newInputStream(path)) {
            head = in.readNBytes(256);
        }
        if (!new String(head, StandardCharsets.ISO_8859_1).contains(HEADER)) {
            throw new StoreUnavailableException("the file " + path + " is not an intentguard store (no Chronicle Map "
                    + "header). Point store.path at another file, or move this one aside if it is a damaged store", null);
        }
    }

    /** The map itself, for tests that need to act on Chronicle's locks directly. */
    ChronicleMap<String, byte[]> map() {
        return map;
    }

    /** {@code true} if opening ran Chronicle's recovery (alone on a file that a crashed process had open). */
    public boolean recovered() {
        return recovered;
    }

    @Override
    public IntentRecord get(String key) {
        try (ExternalMapQueryContext<String, byte[], ?> c = map.queryContext(SerializedData.key(key))) {
            lock(c.readLock(), "read");
            MapEntry<String, byte[]> entry = c.entry();
            // Chronicle may hand out the same array again for the next read on this thread: keep a copy.
            return entry == null ? null : IntentRecord.decoded(entry.value().get().clone());
        } catch (IllegalStateException e) {
            throw fullOr(e);
        }
    }

    @Override
    public IntentRecord claimOrGet(String key, IntentRecord record) {
        try (ExternalMapQueryContext<String, byte[], ?> c = map.queryContext(SerializedData.key(key))) {
            lock(c.writeLock(), "write");    // at once: these operations write in the usual case
            MapEntry<String, byte[]> entry = c.entry();
            if (entry != null) {
                return IntentRecord.decoded(entry.value().get().clone());
            }
            if (full(record.updatedAt())) {
                throw new StoreFullException("the intent store " + path + " is full (" + knownSize.get() + " intents, store.max-intents "
                        + maxIntents + ")");
            }
            c.insert(c.absentEntry(), SerializedData.value(record.encoded()));
            knownSize.incrementAndGet();
            return null;
        } catch (IllegalStateException e) {
            throw fullOr(e);
        }
    }

    @Override
    public boolean replace(String key, IntentRecord expected, IntentRecord next) {
        try (ExternalMapQueryContext<String, byte[], ?> c = map.queryContext(SerializedData.key(key))) {
            lock(c.writeLock(), "write");    // at once: these operations write in the usual case
            MapEntry<String, byte[]> entry = c.entry();
            if (entry == null || !holds(entry, expected)) {
                return false;
            }
            c.replaceValue(entry, SerializedData.value(next.encoded()));
            return true;
        } catch (IllegalStateException e) {
            throw fullOr(e);
        }
    }

    /** Whether the entry's bytes are exactly {@code record}'s (compared where they lie, without a copy). */
    private static boolean holds(MapEntry<String, byte[]> entry, IntentRecord record) {
        Data<byte[]> stored = entry.value();
        Data<byte[]> expected = SerializedData.value(record.encoded());
        return stored.size() == expected.size() && expected.equivalent(stored.bytes(), stored.offset());
    }

    /**
     * {@code true} at the cap. The size is counted again at most once a second ({@code now}: the claim's time, in
     * milliseconds), for other processes' intents, and whenever the cap seems reached.
     */
    private boolean full(long now) {
        long size = knownSize.get();
        if (size >= maxIntents || now - sizeCountedAt > 1000 || now < sizeCountedAt) {
            size = map.longSize();
            knownSize.set(size);
            sizeCountedAt = now;
        }
        return size >= maxIntents;
    }

    /**
     * Chronicle says "full" per hash segment, in two ways: no extra tier may be allocated, or the segment's hash
     * lookup overflows.
     */
    private RuntimeException fullOr(IllegalStateException e) {
        String message = String.valueOf(e.getMessage());
        if (message.contains("segment tier") || message.contains("HashLookup overflow")) {
            return new StoreFullException("the intent store " + path + " is full (" + map.longSize() + " intents)");
        }
        return e;
    }

    private void lock(java.util.concurrent.locks.Lock lock, String kind) {
        if (lock.tryLock()) {                  // uncontended, the usual case: no deadline to compute
            return;
        }
        waitingForLock.incrementAndGet();
        try {
            await(lock, kind);
        } finally {
            waitingForLock.decrementAndGet();
        }
    }

    /**
     * Waits for a segment lock: spinning for {@value #SPIN_NANOS} ns, then yielding the CPU between tries until
     * {@value #YIELD_NANOS} ns, then parking between tries, until {@code store.lock-timeout}. Chronicle's own timed wait
     * spins the whole time, and on two cores that made a wait for a holder that was off its CPU (the housekeeping
     * thread, preempted in the middle of a segment) last as long as the scheduler kept the holder waiting: the spinning
     * waiter held one core, the JVM's other threads the other (issue 20: calls of 20 to 86 ms, spent half on a CPU and
     * half waiting for one). A holder that runs gives a segment up within a few microseconds ({@link #forEachEntryOf}),
     * or tens when its entry's page faults: inside the spin. Parking sooner cost those waits a wake-up (~60 us with the
     * kernel's timer slack): with a 20 us spin, 300 s swept runs of the tail benchmark had p99.9 58.0 us, with this one
     * 51.5 us (docs/performance.md).
     */
    private void await(java.util.concurrent.locks.Lock lock, String kind) {
        long start = System.nanoTime();
        long deadline = start + lockMillis * 1_000_000;
        while (!lock.tryLock()) {
            long now = System.nanoTime();
            if (now - deadline >= 0) {
                throw new StoreBusyException("a " + kind + " lock of the intent store " + path + " was not free within "
                        + lockMillis + " ms (store.lock-timeout). If a process died holding it, it is repaired when the "
                        + "store is next opened by a process alone on it: restart the processes that use " + path);
            }
            if (Thread.currentThread().isInterrupted()) {
                throw new StoreBusyException("interrupted while waiting for a " + kind + " lock of the intent store " + path);
            }
            if (now - start < SPIN_NANOS) {
                Thread.onSpinWait();
            } else if (now - start < YIELD_NANOS) {
                Thread.yield();                    // a holder preempted on this CPU runs now
            } else {
                LockSupport.parkNanos(PARK_NANOS);
            }
        }
    }

    private static final long SPIN_NANOS = 50_000;
    private static final long YIELD_NANOS = 200_000;
    private static final long PARK_NANOS = 20_000;

    @Override
    public boolean remove(String key, IntentRecord expected) {
        try (ExternalMapQueryContext<String, byte[], ?> c = map.queryContext(SerializedData.key(key))) {
            lock(c.writeLock(), "write");    // at once: these operations write in the usual case
            MapEntry<String, byte[]> entry = c.entry();
            if (entry == null || !holds(entry, expected)) {
                return false;
            }
            c.remove(entry);
            knownSize.decrementAndGet();
            return true;
        } catch (IllegalStateException e) {
            throw fullOr(e);
        }
    }

    @Override
    public void forEach(BiConsumer<String, IntentRecord> action) {
        // Iteration reuses one array for every value: each record keeps its own copy.
        map.forEach((k, v) -> action.accept(k, IntentRecord.decoded(v.clone())));
    }

    /**
     * The unknown intents only, picked out by the status byte where each record lies and decoded after the scan: the
     * reconciler's round once decoded every record of the store (a million keys and values, their garbage, and each
     * segment held meanwhile under Chronicle's spinning wait), which made the calls of a busy store wait for it (issue
     * 20). The scan gives each segment up to a waiting call, as the housekeeping's does ({@link #forEachEntryOf}); an
     * entry it meets twice for that is reported once.
     */
    @Override
    public void forEachUnknown(BiConsumer<String, IntentRecord> action) {
        Map<String, byte[]> found = new LinkedHashMap<>();
        for (int i = 0, n = map.segments(); i < n; i++) {
            forEachEntryOf(i, e -> {
                if (mayBeUnknown(e.value())) {
                    found.put(e.key().get(), e.value().get().clone());
                }
                return true;
            });
        }
        found.forEach((key, bytes) -> {
            IntentRecord record = IntentRecord.decoded(bytes);
            if (record.unknown()) {
                action.accept(key, record);
            }
        });
    }

    /** Unknown by its status byte, or of a version this agent does not read (decoding it says so, as before). */
    private static boolean mayBeUnknown(Data<byte[]> value) {
        RandomDataInput in = value.bytes();
        long at = value.offset();
        if (value.size() <= RecordCodec.STATUS || in.readUnsignedByte(at) != RecordCodec.VERSION) {
            return true;
        }
        int status = in.readUnsignedByte(at + RecordCodec.STATUS);
        return status == IntentStatus.PENDING_UNKNOWN.code() || status == IntentStatus.REQUIRES_RECONCILIATION.code();
    }

    @Override
    public long size() {
        return map.longSize();
    }

    @Override
    public long capacity() {
        return maxIntents;
    }

    /**
     * One segment at a time, reading each record's status and update time where it lies (no copy, no decoding: a sweep
     * of a million intents makes no garbage for the collector to pause the calls over). A segment is locked only while
     * its own entries are read, and a call of this process that waits for that lock gets it after one entry
     * ({@link #forEachEntryOf}), so no call waits for the scan (Chronicle's default of 256 segments for a million
     * intents makes a segment's scan 0.5 to 2 ms; more segments would shorten it but cost every new intent ~0.3 us,
     * measured). The pass stops between segments when the thread is interrupted. The segment's lock is waited for as a
     * call's is ({@link #await}, up to {@code store.lock-timeout}): a round stuck on a lock left by a dead process fails,
     * is logged, and the next round tries again.
     */
    @Override
    public synchronized int removeFinishedBefore(long cutoffMillis) {
        int[] removed = {0};
        long stride = Math.max(1, knownSize.get() / KEPT_SAMPLE);
        keptFinished = 0;
        keptSampled = 0;
        boolean whole = true;
        for (int i = 0, n = map.segments(); i < n; i++) {
            if (Thread.currentThread().isInterrupted()) {
                whole = false;
                break;
            }
            forEachEntryOf(i, e -> {
                long updated = finishedUpdatedAt(e.value());
                if (updated == Long.MIN_VALUE) {
                    return true;
                }
                if (updated >= cutoffMillis) {
                    if (keptFinished++ % stride == 0 && keptSampled < KEPT_SAMPLE) {
                        keptSample[keptSampled++] = updated;
                    }
                    return true;
                }
                e.doRemove();
                removed[0]++;
                return false;
            });
        }
        if (!whole) {
            keptSampled = 0;
        }
        knownSize.addAndGet(-removed[0]);
        return removed[0];
    }

    /**
     * Estimated from the update times of the finished intents the last removal pass kept, when there was one: a pass
     * over the whole map, so no scan is needed here, and what happened since does not move the estimate much (intents
     * finished since are newer than the ones to go). Otherwise from up to {@value #SAMPLED_SEGMENTS} segments spread
     * over the map (keys fall into segments by hash, so each is a fair sample of the whole).
     */
    @Override
    public synchronized long finishedCutoff(long count) {
        if (keptSampled > 0) {
            return cutoffOf(keptSample, keptSampled, (double) count / keptFinished, count);
        }
        int segments = map.segments();
        int every = Math.max(1, segments / SAMPLED_SEGMENTS);
        long[][] times = {new long[1024]};
        int[] n = {0};
        int sampled = 0;
        for (int i = 0; i < segments; i += every, sampled++) {
            forEachEntryOf(i, e -> {
                long updated = finishedUpdatedAt(e.value());
                if (updated != Long.MIN_VALUE) {
                    if (n[0] == times[0].length) {
                        times[0] = Arrays.copyOf(times[0], n[0] * 2);
                    }
                    times[0][n[0]++] = updated;
                }
                return true;
            });
        }
        return n[0] == 0 ? Long.MIN_VALUE
                : cutoffOf(times[0], n[0], (double) count * sampled / segments / n[0], count);
    }

    /** The update time below which lies {@code share} of the sample's intents (of the finished ones, the share to go). */
    private static long cutoffOf(long[] sample, int n, double share, long count) {
        if (count <= 0) {
            return Long.MIN_VALUE;
        }
        if (share >= 1) {
            return Long.MAX_VALUE;
        }
        long[] sorted = Arrays.copyOf(sample, n);
        Arrays.sort(sorted);
        // Just after the count-th oldest in the sample, so that intents finished in the same millisecond go together.
        return sorted[Math.max(0, (int) Math.ceil(share * n) - 1)] + 1;
    }

    /** What the housekeeping does with one entry; returns {@code true} if the entry stays in the map. */
    private interface EntryVisit {
        boolean visit(MapEntry<String, byte[]> entry);
    }

    /**
     * Visits the entries of one segment under its lock for the housekeeping, giving the lock up whenever an operation of
     * this process waits for a segment lock: the scan stops before its next entry, lets the waiters through, and goes on
     * where it stopped (it passes over as many entries as it visited and kept, without reading their values; the waiters
     * are looked for while passing over too, which takes as long as reading). Without this, a claim whose key falls in
     * the segment being scanned waits for the whole scan (0.5 to 2 ms), one call in a few hundred while the housekeeping
     * runs (issue 20: p99.9 256 us). The waiters may have added or removed an entry meanwhile, so
     * an entry may be visited twice or not at all in this pass: both harmless here (a removal is checked where the entry
     * lies; one not visited waits for the next pass). After {@value #MAX_YIELDS} give-ups in one segment the scan
     * finishes it regardless, so that a busy store is still kept below its cap. Operations of other processes on the
     * same file do not stop the scan: they wait for it, as before.
     */
    private void forEachEntryOf(int segment, EntryVisit visit) {
        IntConsumer probe = scanProbe;
        int[] kept = {0};
        for (int yields = 0; ; yields++) {
            boolean mayYield = yields < MAX_YIELDS;
            int[] pass = {kept[0]};
            boolean whole;
            BackgroundTurn.take();                                      // before the segment: never held while waiting
            try (MapSegmentContext<String, byte[], ?> c = map.segmentContext(segment)) {
                if (c instanceof SegmentLock) {
                    await(((SegmentLock) c).updateLock(), "update");   // not Chronicle's spin either (see await)
                }
                whole = c.forEachSegmentEntryWhile(e -> {
                    if (mayYield && waitingForLock.get() > 0) {
                        return false;
                    }
                    if (pass[0] > 0) {
                        pass[0]--;
                        return true;
                    }
                    if (probe != null) {
                        probe.accept(segment);
                    }
                    if (visit.visit(e)) {
                        kept[0]++;
                    }
                    return true;
                });
            } finally {
                BackgroundTurn.give();
            }
            if (whole) {
                return;
            }
            // The waiters spin or park for the lock just released; let them have it before taking it again (a parked
            // one wakes within a hundred microseconds or so).
            long since = System.nanoTime();
            while (waitingForLock.get() > 0 && System.nanoTime() - since < 1_000_000) {
                Thread.yield();
            }
        }
    }

    private static final int MAX_YIELDS = 16;
    private static final int SAMPLED_SEGMENTS = 64;
    private static final boolean BIG_ENDIAN = java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.BIG_ENDIAN;
    private static final int KEPT_SAMPLE = 16_384;
    /**
     * Update times of the finished intents the last whole removal pass kept (one in {@code knownSize / KEPT_SAMPLE}),
     * and how many it kept: {@link #finishedCutoff} reads them instead of scanning segments again. The housekeeping's
     * own; guarded by this store's monitor.
     */
    private final long[] keptSample = new long[KEPT_SAMPLE];
    private int keptSampled;
    private long keptFinished;

    /**
     * The update time of a finished record, read in place from {@link RecordCodec}'s layout (version at 0, status at 1,
     * update time at 11, big-endian), or {@link Long#MIN_VALUE} for any other record (unknown, in flight, or of a
     * version this agent does not read, which it never removes).
     */
    private static long finishedUpdatedAt(Data<byte[]> value) {
        RandomDataInput in = value.bytes();
        long at = value.offset();
        if (value.size() < RecordCodec.UPDATED_AT + 8 || in.readUnsignedByte(at) != RecordCodec.VERSION) {
            return Long.MIN_VALUE;
        }
        int status = in.readUnsignedByte(at + RecordCodec.STATUS);
        if (status != IntentStatus.DONE.code() && status != IntentStatus.FAILED.code()) {
            return Long.MIN_VALUE;
        }
        long updated = in.readLong(at + RecordCodec.UPDATED_AT);     // in the platform's order
        return BIG_ENDIAN ? updated : Long.reverseBytes(updated);
    }

    @Override
    public String describe() {
        return path.toString();
    }

    /**
     * Closes the map, waiting at most {@code millis} for operations in flight on other threads. Only a complete close
     * takes this process off the list of users: otherwise the next process alone on the store repairs it.
     */
    public void close(long millis) {
        Thread closer = new Thread(map::close, "intentguard-store-close-map");
        closer.setDaemon(true);
        closer.start();
        try {
            closer.join(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (!closer.isAlive()) {
            membership.close();
        }
    }

    @Override
    public void close() {
        close(2000);
    }
}
