package dev.intentguard.agent.kit;

import java.util.List;
import java.util.Map;

/**
 * What the intentguard-junit kit asks of the agent it loaded into a test JVM, through the platform MBean server
 * ({@code dev.intentguard:type=TestKit}): JDK types only, so the kit needs none of the agent's classes.
 */
public interface TestKitMBean {
    /** Waits until the store is open; {@code false} when it is not after {@code millis} (or failed to open). */
    boolean awaitReady(long millis);

    /** A fresh start for the next test: every intent removed from the store, the calls seen forgotten. */
    void forget();

    /**
     * The guarded calls that ended since the last {@link #forget}, oldest first: {@code tool}, {@code key} (the intent
     * key), {@code effect}, {@code answer} (the status the caller was given, or {@code result} / {@code error}: the
     * tool's own), {@code outcome} (what the agent recorded: done, failed, pending_unknown), {@code ran} (the body ran),
     * {@code repeat} (not the intent's first invocation here), {@code sentRequests}, {@code suppressedRequests}.
     */
    List<Map<String, Object>> calls();

    /** The folder that holds the store and its journal. */
    String storeFolder();
}
