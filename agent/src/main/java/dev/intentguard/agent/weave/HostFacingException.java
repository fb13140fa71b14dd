package dev.intentguard.agent.weave;

/**
 * Marks an exception that called advice throws on purpose, for the host to get as the instrumented method's own
 * failure (a send the HTTP guard refuses is an {@code IOException} of the client's call). Any other exception out of
 * advice is a fault of ours and never reaches the host ({@link AdviceLinks}).
 */
public interface HostFacingException {
}
