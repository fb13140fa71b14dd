package dev.intentguard.bench.app;

import java.lang.instrument.Instrumentation;

/**
 * The control of the start-up benchmarks: a {@code -javaagent} that does nothing (target/noop-agent.jar),
 * to tell what any Java agent costs the JVM from what intentguard's premain costs.
 */
public final class NoopAgent {
    private NoopAgent() {
    }

    public static void premain(String arguments, Instrumentation instrumentation) {
        // nothing
    }
}
