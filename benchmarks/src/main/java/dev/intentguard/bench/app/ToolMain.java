package dev.intentguard.bench.app;

/**
 * The start-up application with a configured tool class: main loads (and so weaves) {@link BenchTools}.
 * Arguments: {@code call} also makes one guarded call (it waits for the store to open); {@code linger=MS}
 * stays alive that long before exiting (for reading the agent's "ready" line).
 */
public final class ToolMain {
    private ToolMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        System.out.println("main-at " + System.nanoTime());
        BenchTools tools = new BenchTools();
        System.out.println("loaded-at " + System.nanoTime());
        long linger = 0;
        for (String a : args) {
            if (a.equals("call")) {
                String result = tools.refund("startup-order", 1);
                System.out.println("call-done-at " + System.nanoTime() + " " + result.length());
            } else if (a.startsWith("linger=")) {
                linger = Long.parseLong(a.substring("linger=".length()));
            }
        }
        if (linger > 0) {
            Thread.sleep(linger);
        }
    }
}
