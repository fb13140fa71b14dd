package dev.intentguard.bench.app;

/**
 * The tool class of the benchmarks: a no-op side-effect tool. The benchmarks' configs list
 * {@code dev.intentguard.bench.app.BenchTools#refund} as {@code effect: side_effect, key: [orderId, amount]}.
 * Compiled with {@code -parameters} (the parent pom) so that the key names the arguments.
 */
public class BenchTools {
    public static final String TOOL = "noop_refund";
    public static final String METHOD = "dev.intentguard.bench.app.BenchTools#refund";

    /** Does nothing and returns a constant: all the time a call takes with the agent is the agent's. */
    public String refund(String orderId, long amount) {
        return "ok";
    }
}
