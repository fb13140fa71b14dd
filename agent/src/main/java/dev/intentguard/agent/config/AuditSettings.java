package dev.intentguard.agent.config;

/**
 * The {@code audit:} section: the journal of tool calls and wire attempts written beside the store, the JMX view, and
 * the host's own metrics (OpenTelemetry, Micrometer) when it has them. Both serve {@code mode: audit} (what the agent would have done) and {@code enforce} (what it prevented).
 */
public final class AuditSettings {
    public static final AuditSettings DEFAULTS = new AuditSettings(true, 16L << 20, 10, 8192, true);

    private final boolean journal;
    private final long journalFileBytes;
    private final int journalFiles;
    private final int journalQueue;
    private final boolean jmx;
    private final boolean otel;
    private final boolean micrometer;

    public AuditSettings(boolean journal, long journalFileBytes, int journalFiles, int journalQueue, boolean jmx) {
        this(journal, journalFileBytes, journalFiles, journalQueue, jmx, true, true);
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
