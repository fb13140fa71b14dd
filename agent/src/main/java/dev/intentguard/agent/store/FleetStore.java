package dev.intentguard.agent.store;

import java.util.List;
import java.util.Set;

/**
 * An intent store that every JVM of a fleet shares (Redis, PostgreSQL): besides the intents, what the whole fleet must
 * agree on. The kill switch, so that switching a tool off reaches every replica; the audit journal, so that one
 * report covers every JVM's calls; and the store's own identity (its epoch), so that a store that lost its data is
 * noticed instead of read as "every intent is new".
 */
public interface FleetStore extends IntentStore {
    /** The tools switched off for the whole fleet ({@code java -jar intentguard-agent.jar disable TOOL --store URL}). */
    Set<String> disabledTools();

    /** Switches {@code tool} off ({@code disabled}) or on again for every JVM on this store. */
    void setDisabled(String tool, boolean disabled);

    /** Appends audit journal lines (JSON, one call each) for the fleet's report. */
    void appendJournal(List<String> lines);

    /** The journal lines written at or after {@code sinceMillis}, oldest first. */
    List<String> readJournal(long sinceMillis);

    /**
     * Removes finished intents older than {@code cutoffMillis} (retention), and journal lines older than that and than a
     * week; returns how many intents. A store that expires intents itself returns 0.
     */
    int sweepFinished(long cutoffMillis);

    /**
     * An operator checked with the providers after the store lost its data: the store gets a new identity, and the
     * agents on it go on (intents recorded before the loss are forgotten).
     */
    void acceptLoss();

    /**
     * Reads the store's identity again (the fleet's poller, every second): notices a loss while no call runs (a replica
     * that starts on an emptied store would take it for a new one), and a loss an operator accepted. Returns whether the
     * store is lost (every side-effect call answers pending_unknown until the loss is accepted); the loss itself is
     * logged by the store.
     */
    boolean checkIdentity();
}
