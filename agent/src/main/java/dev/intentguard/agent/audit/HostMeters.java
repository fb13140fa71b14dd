package dev.intentguard.agent.audit;

/**
 * A metrics library of the host's (Micrometer's global registry, OpenTelemetry's global meter provider) that the audit
 * also counts in, so that the counts reach the dashboards and alerts the host already exports to. Each implementation
 * lives in the plugin of its library and is loaded beside the host's copy of it ({@code telemetry/<library>}).
 * Implementations never throw and keep their instruments: a call costs a map lookup and an increment.
 */
public interface HostMeters {

    /** One call of {@code tool} ended with {@code status}, the answer its caller got (done, already_done, ...). */
    void toolCall(String tool, String effect, String status);

    /**
     * {@code count} repeats of an intent of {@code tool} made by {@code layer} were stopped ({@code mode} enforce), or
     * would have been ({@code mode} audit: they ran).
     */
    void duplicatePrevented(String tool, String layer, String mode, int count);

    /** {@code count} resends of {@code client} were not sent (each one a duplicate the client layer would have made). */
    void resendsSuppressed(String tool, String client, int count);

    /** A call of {@code tool} that ran sent {@code writeRequests} requests to the wire. */
    void fanout(String tool, int writeRequests);

    /**
     * The store holds {@code count} intents of {@code tool} whose outcome is unknown, the oldest of them unknown for
     * {@code oldestSeconds} (0 when there is none), as of the last reconciliation round.
     */
    void unknownIntents(String tool, long count, long oldestSeconds);

    /**
     * A call ended on this thread: what it was and what the agent answered, on the span current there (the tool's span,
     * or the server span around it), for libraries that trace. {@code keyHash} is the intent key's hash part, never an
     * argument value; {@code preventedLayer} is set when the call was a repeat the agent answered without running it;
     * {@code suppressed} resends of {@code client} were not sent.
     */
    default void spanOfCall(String tool, String status, String repeatLayer, String keyHash, String preventedLayer,
                            int suppressed, String client) {
    }

    /** For logs: {@code Micrometer's global registry}. */
    String describe();
}
