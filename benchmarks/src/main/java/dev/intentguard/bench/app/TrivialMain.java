package dev.intentguard.bench.app;

/** The trivial application of the start-up benchmarks: one line on stdout, then exit. */
public final class TrivialMain {
    private TrivialMain() {
    }

    public static void main(String[] args) {
        // First thing main does: say when it got here (System.nanoTime is CLOCK_MONOTONIC, shared by processes).
        System.out.println("main-at " + System.nanoTime());
    }
}
