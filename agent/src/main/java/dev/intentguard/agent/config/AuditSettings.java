package dev.intentguard.agent.config;

/**
 * The {@code audit:} section: the journal of tool calls and wire attempts written beside the store, the JMX view, and
 * the host's own metrics (OpenTelemetry, Micrometer) when it has them. Both serve {@code mode: audit} (what the agent would have done) and {@code enforce} (what it prevented).
 */
public final class AuditSettings {
    static final Setting<Boolean> JOURNAL = Setting.bool("audit.journal", true,
            "write journal: true (record each tool call beside the store) or journal: false")
            .doc("Write the journal: `<store.path>.journal/audit-<pid>.jsonl`, one JSON line per tool invocation (its intent key, the layer of a repeat, what the caller got, each wire attempt; never argument values or caller ids).");
    static final Setting<Long> JOURNAL_FILE_BYTES = Setting.positiveLong("audit.journal-file-bytes", 16L << 20,
                    "write a number of bytes, e.g. journal-file-bytes: 16777216")
            .atLeast(4096, "audit.journal-file-bytes is below 4096",
                    "give each journal file room for a few calls, e.g. journal-file-bytes: 16777216 (16 MiB)")
            .doc("A journal file is rotated at this size (at least 4096) to `audit-<pid>-<millis>.jsonl`.");
    static final Setting<Long> JOURNAL_FILES = Setting.positiveLong("audit.journal-files", 10,
            "write how many rotated journal files to keep, e.g. journal-files: 10")
            .doc("Rotated journal files kept in the folder, all processes together; older ones are removed.");
    static final Setting<Long> JOURNAL_QUEUE = Setting.positiveLong("audit.journal-queue", 8192,
                    "write how many entries may wait for the journal writer, e.g. journal-queue: 8192")
            .atMost(1 << 20, "audit.journal-queue is above 1048576",
                    "keep the queue bounded (entries wait in memory); 8192 absorbs bursts")
            .doc("Entries waiting for the journal's writer thread.");
    static final Setting<Boolean> JMX = Setting.bool("audit.jmx", true,
            "write jmx: true (register the MBean dev.intentguard:type=Tools) or jmx: false")
            .doc("Register the MBean `dev.intentguard:type=Tools` (per-tool status, effect, counters by layer; operations `disable`/`enable`, the kill switch at run time) in the platform MBeanServer, after start-up.");
    static final Setting<Boolean> OTEL = Setting.bool("audit.otel", true,
            "write otel: true (count in the host's OpenTelemetry, when it has one) or otel: false")
            .doc("When the host has OpenTelemetry (its Java agent, or an SDK it registered globally), count in it too (`intentguard.tool.calls`, `intentguard.duplicates.prevented`, ...) and put the verdict on the current span ([docs/audit.md](audit.md#opentelemetry-and-micrometer)).");
    static final Setting<Boolean> MICROMETER = Setting.bool("audit.micrometer", true,
            "write micrometer: true (count in the host's Micrometer global registry, when it has one) or micrometer: false")
            .doc("When the host has Micrometer, register the same meters in its global registry (Spring Boot binds its registries to it, so `/actuator/prometheus` shows them).");
    static final Section SECTION = new Section("audit", "audit.",
            "indent journal:, journal-file-bytes:, jmx: ... under audit:",
            JOURNAL, JOURNAL_FILE_BYTES, JOURNAL_FILES, JOURNAL_QUEUE, JMX, OTEL, MICROMETER);

    public static final AuditSettings DEFAULTS = from(SECTION.empty());

    private final boolean journal;
    private final long journalFileBytes;
    private final int journalFiles;
    private final int journalQueue;
    private final boolean jmx;
    private final boolean otel;
    private final boolean micrometer;

    public AuditSettings(boolean journal, long journalFileBytes, int journalFiles, int journalQueue, boolean jmx) {
        this(journal, journalFileBytes, journalFiles, journalQueue, jmx, OTEL.defaultValue(), MICROMETER.defaultValue());
    }

    public AuditSettings(boolean journal, long journalFileBytes, int journalFiles, int journalQueue, boolean jmx,
                         boolean otel, boolean micrometer) {
        this.otel = otel;
        this.micrometer = micrometer;
        this.journal = journal;
        this.journalFileBytes = journalFileBytes;
        this.journalFiles = journalFiles;
        this.journalQueue = journalQueue;
        this.jmx = jmx;
    }

    static AuditSettings from(Section.Values v) {
        return new AuditSettings(v.get(JOURNAL), v.get(JOURNAL_FILE_BYTES),
                (int) Math.min(v.get(JOURNAL_FILES), 100_000), (int) Math.min(v.get(JOURNAL_QUEUE), 1 << 20),
                v.get(JMX), v.get(OTEL), v.get(MICROMETER));
    }

    /** Whether the journal is written ({@code <store.path>.journal/}). */
    public boolean journal() {
        return journal;
    }

    /** A journal file is rotated once it reaches this size. */
    public long journalFileBytes() {
        return journalFileBytes;
    }

    /** How many rotated journal files are kept in the journal folder (all processes together). */
    public int journalFiles() {
        return journalFiles;
    }

    /** How many entries may wait for the journal's writer thread; more are dropped and counted, never waited for. */
    public int journalQueue() {
        return journalQueue;
    }

    /** Whether the MBean {@code dev.intentguard:type=Tools} is registered. */
    public boolean jmx() {
        return jmx;
    }

    /** Whether the counts also go to the host's OpenTelemetry, when it has one (plugin {@code opentelemetry}). */
    public boolean otel() {
        return otel;
    }

    /** Whether the counts also go to the host's Micrometer global registry, when it has one (plugin {@code micrometer}). */
    public boolean micrometer() {
        return micrometer;
    }
}
