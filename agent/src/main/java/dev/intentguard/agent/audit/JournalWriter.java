package dev.intentguard.agent.audit;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.intentguard.agent.background.BackgroundTurn;
import dev.intentguard.agent.config.AuditSettings;
import dev.intentguard.agent.json.AgentJson;
import dev.intentguard.agent.log.AgentLoggers;
import dev.intentguard.agent.store.OwnerOnlyFiles;
import dev.intentguard.agent.store.ProcessOwner;
import dev.intentguard.agent.store.StoreHandle;
import org.slf4j.Logger;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The journal: JSON lines in {@code <store.path>.journal/}, one file per process ({@code audit-<pid>.jsonl}, so that
 * processes sharing a store never interleave their writes), rotated by size to {@code audit-<pid>-<millis>.jsonl};
 * the oldest rotated files beyond {@code audit.journal-files} are removed, and so are the files of processes that
 * ended, once they are rotated too.
 *
 * <p>A tool call never waits for it: {@link #offer} puts the entry in a bounded queue, or drops it and counts the
 * drop when the queue is full (the count is written as a {@code dropped} line, so the report can say so). A daemon
 * thread writes in batches. The folder is created at the first entry: an agent with no guarded call writes nothing.
 *
 * <p>The writer never waits on the queue itself: waking a thread blocked in {@code take()} costs the calling tool
 * thread a futex call on every entry (a sixth of a new intent's time in the call benchmark). It drains the queue
 * every {@link #BATCH_NANOS} while entries come, checks every {@link #WARM_NANOS} for a second after the last one,
 * and then sleeps until an entry wakes it: so one call per quiet spell pays the wake-up, and an idle application has
 * no periodic wake-up.
 */
final class JournalWriter {
    static final Pattern ACTIVE = Pattern.compile("audit-(\\d+)\\.jsonl");
    static final Pattern ROTATED = Pattern.compile("audit-(\\d+)-(\\d+)\\.jsonl");
    private static final int BATCH = 512;
    /** While entries come: how long they gather before the writer drains them (the queue holds 8192 by default). */
    private static final long BATCH_NANOS = 10_000_000L;
    /** After the last entry: how often the writer looks again before it sleeps until woken. */
    private static final long WARM_NANOS = 100_000_000L;
    private static final int WARM_ROUNDS = 10;
    private static final long ERROR_REPEAT_MILLIS = 60_000;
    /**
     * Put in the queue by {@link #close}: the writer writes what came before it and stops. A class rather than a lambda,
     * as are the writer's thread and the store beside it: premain builds the journal, and a cold JVM spins each lambda
     * it meets (0.3-0.5 ms each here, docs/performance.md).
     */
    private static final JournalEntry STOP = new Stop();

    private static final class Stop implements JournalEntry {
        @Override
        public void write(JsonGenerator g) {
        }
    }

    private final Path folder;
    private final long maxFileBytes;
    private final int maxFiles;
    /**
     * Lock-free, bounded by {@link #queued}: a queue with a lock (ArrayBlockingQueue) made a call wait whenever the
     * writer held that lock while draining, and for a whole scheduler slice when the writer lost its core meanwhile
     * (issue 20: p99.9 77 us with the journal, 42 us without, at full speed on two cores).
     */
    private final ConcurrentLinkedQueue<JournalEntry> queue = new ConcurrentLinkedQueue<>();
    /** Entries offered and not yet taken by the writer; an offer past {@link #capacity} is dropped. */
    private final AtomicInteger queued = new AtomicInteger();
    private final int capacity;
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong unreported = new AtomicLong();
    private final AtomicLong written = new AtomicLong();
    private final Logger log = AgentLoggers.named("intentguard.audit");
    private final Thread thread;
    private volatile boolean running = true;
    /** The writer is parked until an entry comes: the next {@link #offer} wakes it. */
    private volatile boolean asleep;
    private long lastError;
    private FileChannel channel;
    private boolean tidied;

    /** Where a fleet's journal goes instead of files: its shared store. */
    interface SharedSink {
        void append(List<String> lines) throws Exception;

        String describe();
    }

    private final SharedSink shared;
    /** The intent store beside the journal, if any: when it failed to open, its ERROR already says the cause. */
    private volatile StoreHandle besideStore;

    JournalWriter(Path folder, AuditSettings settings) {
        this(folder, null, settings, true);
    }

    /** The journal of a JVM on a shared store: every JVM's entries go there, for one report of the whole fleet. */
    JournalWriter(SharedSink shared, AuditSettings settings) {
        this(null, shared, settings, true);
    }

    JournalWriter(Path folder, AuditSettings settings, boolean start) {
        this(folder, null, settings, start);
    }

    /** {@code start = false} leaves the writer thread to {@link #start()} (a test fills the queue first). */
    private JournalWriter(Path folder, SharedSink shared, AuditSettings settings, boolean start) {
        this.shared = shared;
        this.folder = folder;
        this.maxFileBytes = settings.journalFileBytes();
        this.maxFiles = settings.journalFiles();
        this.capacity = settings.journalQueue();
        this.thread = new Thread(new Writer(), "intentguard-journal");
        thread.setDaemon(true);
        if (start) {
            thread.start();
        }
    }

    void start() {
        thread.start();
    }

    /** Queues an entry; never blocks: a full queue drops it and counts the drop. */
    void offer(JournalEntry entry) {
        if (!running) {
            drop();
            return;
        }
        if (queued.incrementAndGet() > capacity) {
            queued.decrementAndGet();
            drop();
            return;
        }
        queue.offer(entry);
        if (asleep) {
            asleep = false;
            LockSupport.unpark(thread);
        }
    }

    private void drop() {
        dropped.incrementAndGet();
        unreported.incrementAndGet();
    }

    long dropped() {
        return dropped.get();
    }

    long written() {
        return written.get();
    }

    /**
     * This JVM's pid, read when the journal first needs it (its first line, from the writer's thread), not in premain:
     * the JDK's process handle costs a cold JVM a few milliseconds to set up.
     */
    private static long pid() {
        return ProcessOwner.self().pid();
    }

    /** The file this process appends to. */
    Path activeFile() {
        return folder.resolve("audit-" + pid() + ".jsonl");
    }

    private final class Writer implements Runnable {
        @Override
        public void run() {
            write();
        }
    }

    private void write() {
        List<JournalEntry> batch = new ArrayList<>(BATCH);
        boolean stop = false;
        int quietRounds = 0;
        while (!stop) {
            try {
                drainTo(batch);
                stop = batch.remove(STOP) || (!running && queue.isEmpty());
                if (!batch.isEmpty() || unreported.get() > 0) {
                    write(batch);
                }
                if (stop || queued.get() >= BATCH) {
                    continue;
                }
                quietRounds = batch.isEmpty() ? quietRounds + 1 : 0;
                batch.clear();
                if (quietRounds == 0) {
                    LockSupport.parkNanos(this, BATCH_NANOS);
                } else if (quietRounds <= WARM_ROUNDS) {
                    LockSupport.parkNanos(this, WARM_NANOS);
                } else {
                    asleep = true;
                    if (queue.isEmpty() && running) {       // an entry offered before the flag was set would wait
                        LockSupport.park(this);
                    }
                    asleep = false;
                    quietRounds = 0;
                }
                if (Thread.interrupted()) {
                    stop = true;
                }
            } catch (Throwable t) {
                dropped.addAndGet(batch.size());
                unreported.addAndGet(batch.size());
                error("the journal in " + (shared != null ? shared.describe() : folder) + " cannot be written (" + t
                        + "); entries are dropped and counted");
            } finally {
                batch.clear();
            }
        }
        closeChannel();
    }

    /** Takes up to {@link #BATCH} entries. */
    private void drainTo(List<JournalEntry> batch) {
        JournalEntry e;
        while (batch.size() < BATCH && (e = queue.poll()) != null) {
            batch.add(e);
        }
        queued.addAndGet(-batch.size());
    }

    /**
     * The batch's lines, made by one generator into one buffer that the writer keeps: a line per call at full speed
     * once cost a generator, its context and three copies of the line (a third of the agent's garbage, and young
     * collections are pauses of the calls: issue 20). Made in a background turn; written outside it, because a write
     * can sleep (the kernel throttles a writer when dirty pages pile up on a slow disk), and the housekeeping that keeps
     * the store below its cap must not wait for the disk behind it.
     */
    private void write(List<JournalEntry> batch) throws Exception {
        Lines out = lines;
        out.reset();
        BackgroundTurn.take();
        try {
            try (JsonGenerator g = AgentJson.mapper().getFactory().createGenerator(out)) {
                g.setRootValueSeparator(null);
                for (JournalEntry e : batch) {
                    e.write(g);
                    out.endLine(g);
                }
                long lost = unreported.getAndSet(0);   // after the entries: one that fails leaves the count to the next batch
                if (lost > 0) {
                    g.writeStartObject();
                    g.writeNumberField("v", 1);
                    g.writeStringField("type", "dropped");
                    g.writeNumberField("at", System.currentTimeMillis());
                    g.writeNumberField("pid", pid());
                    g.writeNumberField("count", lost);
                    g.writeEndObject();
                    out.endLine(g);
                }
            }
        } finally {
            BackgroundTurn.give();
        }
        if (shared == null) {
            appendAll(out);
        } else {
            List<String> text = new ArrayList<>(out.lines);
            for (int i = 0, from = 0; i < out.lines; from = out.ends[i++]) {
                text.add(new String(out.bytes(), from, out.ends[i] - from - 1, java.nio.charset.StandardCharsets.UTF_8));
            }
            shared.append(text);
        }
        written.addAndGet(batch.size());
    }

    /** The batch's lines to the file: whole lines only, and a file never grows past the limit by more than one line. */
    private void appendAll(Lines out) throws IOException {
        long size = channel().size();
        int from = 0;                                      // the first byte not appended yet
        for (int i = 0, start = 0; i < out.lines; start = out.ends[i++]) {
            int pending = start - from;
            if (size + pending > 0 && size + pending + out.ends[i] - start > maxFileBytes) {
                append(out.bytes(), from, pending);
                rotate();
                size = 0;
                from = start;
            }
        }
        append(out.bytes(), from, out.size() - from);
    }

    private final Lines lines = new Lines();

    /** The writer's own buffer: the lines of a batch back to back, and where each ends (after its newline). */
    private static final class Lines extends ByteArrayOutputStream {
        int[] ends = new int[BATCH + 1];
        int lines;

        Lines() {
            super(256 * BATCH);
        }

        @Override
        public synchronized void reset() {
            super.reset();
            lines = 0;
        }

        /** Ends the line the generator just wrote. */
        void endLine(JsonGenerator g) throws IOException {
            g.writeRaw('\n');
            g.flush();
            if (lines == ends.length) {
                ends = Arrays.copyOf(ends, lines * 2);
            }
            ends[lines++] = count;
        }

        byte[] bytes() {
            return buf;
        }
    }

    private void append(byte[] bytes, int from, int length) throws IOException {
        if (length == 0) {
            return;
        }
        FileChannel c = channel();
        ByteBuffer data = ByteBuffer.wrap(bytes, from, length);
        while (data.hasRemaining()) {
            c.write(data);
        }
    }

    private FileChannel channel() throws IOException {
        if (channel == null) {
            OwnerOnlyFiles.createFolders(folder);
            if (!tidied) {
                tidied = true;
                adoptEndedProcesses();
                removeOldest();
            }
            channel = FileChannel.open(activeFile(), StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.APPEND);
            OwnerOnlyFiles.restrict(activeFile());   // before its first line: intent keys and timelines
        }
        return channel;
    }

    private void rotate() throws IOException {
        channel();
        closeChannel();
        Path active = activeFile();
        long at = System.currentTimeMillis();
        while (Files.exists(folder.resolve("audit-" + pid() + "-" + at + ".jsonl"))) {
            at++;                                          // two rotations in one millisecond: never overwrite
        }
        Files.move(active, folder.resolve("audit-" + pid() + "-" + at + ".jsonl"), StandardCopyOption.ATOMIC_MOVE);
        removeOldest();
    }

    /** The active file of a process that no longer runs becomes a rotated file (and may then be removed). */
    private void adoptEndedProcesses() throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Matcher m = ACTIVE.matcher(f.getFileName().toString());
                if (!m.matches() || Long.parseLong(m.group(1)) == pid()) {
                    continue;
                }
                long other = Long.parseLong(m.group(1));
                if (ProcessHandle.of(other).isEmpty()) {
                    try {
                        Files.move(f, folder.resolve("audit-" + other + "-" + Files.getLastModifiedTime(f).toMillis()
                                + ".jsonl"), StandardCopyOption.ATOMIC_MOVE);
                    } catch (NoSuchFileException gone) {
                        // another process adopted it first
                    }
                }
            }
        }
    }

    /** Keeps the newest {@code journal-files} rotated files of the folder. */
    private void removeOldest() throws IOException {
        List<Path> rotated = new ArrayList<>();
        try (Stream<Path> files = Files.list(folder)) {
            files.filter(f -> ROTATED.matcher(f.getFileName().toString()).matches()).forEach(rotated::add);
        }
        if (rotated.size() <= maxFiles) {
            return;
        }
        rotated.sort(Comparator.comparingLong(JournalWriter::rotatedAt));
        for (Path f : rotated.subList(0, rotated.size() - maxFiles)) {
            Files.deleteIfExists(f);
        }
    }

    static long rotatedAt(Path f) {
        Matcher m = ROTATED.matcher(f.getFileName().toString());
        return m.matches() ? Long.parseLong(m.group(2)) : 0;
    }

    private void closeChannel() {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // nothing more to write
            }
            channel = null;
        }
    }

    /**
     * The journal's folder is beside the store's ({@code <store.path>.journal}): when the store failed to open, a
     * journal that cannot be written fails for the same cause, which the store's ERROR line names. One cause, one ERROR.
     */
    JournalWriter besideStore(StoreHandle store) {
        this.besideStore = store;
        return this;
    }

    private void error(String message) {
        long now = System.currentTimeMillis();
        if (now - lastError >= ERROR_REPEAT_MILLIS) {
            lastError = now;
            StoreHandle store = besideStore;
            if (store != null && store.failedToOpen()) {
                log.warn("{} (the intent store beside it cannot be opened either: its ERROR line says why)", message);
            } else {
                log.error(message);
            }
        }
    }

    /** Stops taking entries, writes what is queued (at most {@code millis}) and closes the file. */
    void close(long millis) {
        running = false;
        queued.incrementAndGet();
        queue.offer(STOP);
        LockSupport.unpark(thread);
        try {
            thread.join(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
