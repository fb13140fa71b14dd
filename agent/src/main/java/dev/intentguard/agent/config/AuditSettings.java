package dev.intentguard.agent.config;

/**
 * The {@code audit:} section: the journal of tool calls and wire attempts written beside the store, and the JMX
 * view. Both serve {@code mode: audit} (what the agent would have done) and {@code enforce} (what it prevented).
 */
public final class AuditSettings {
    public static final AuditSettings DEFAULTS = new AuditSettings(true, 16L << 20, 10, 8192, true);

    private final boolean journal;
    private final long journalFileBytes;
    private final int journalFiles;
    private final int journalQueue;
    private final boolean jmx;

    public AuditSettings(boolean journal, long journalFileBytes, int journalFiles, int journalQueue, boolean jmx) {
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
}
