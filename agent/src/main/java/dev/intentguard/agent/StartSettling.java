package dev.intentguard.agent;

import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * When the agent's deferred start-up work may run (loading the JFR events, building Byte Buddy and weaving the classes
 * left while the application started, opening the store, warming Jackson, registering the MBean, starting the
 * reconciler): once the application's own start has settled, or at once when a guarded call asks for it. On two cores
 * every millisecond of CPU the agent spent beside a starting application was about half a millisecond added to the
 * application's time to ready (docs/performance.md), and none of this work is needed before the first guarded call.
 *
 * <p>"Settled" is no class loaded for {@code quietMillis}: a starting application loads classes with short pauses
 * (Spring Boot with Spring AI: 85 ms at most between two of its 11,800 classes), a started one rarely. An application
 * that never stops loading classes gets the work after {@code longestMillis}.
 */
final class StartSettling {
    static final long QUIET_MILLIS = 500;
    static final long LONGEST_MILLIS = 60_000;

    /** What ended the wait, for the agent's DEBUG line. */
    enum Reason {
        SETTLED("the application's start settled"),
        NEEDED("a guarded call asked for it"),
        LONGEST("the application was still loading classes after the longest wait");

        final String words;

        Reason(String words) {
            this.words = words;
        }
    }

    private StartSettling() {
    }

    /**
     * Waits until no class has loaded for {@code quietMillis} ({@code lastClassSeen} gives {@link System#nanoTime} of
     * the last one), until {@code wanted} says a guarded call asks for the work, or for {@code longestMillis} at most.
     * It looks again only when the quiet time could have passed since the last class it saw, or when the caller's
     * thread is unparked ({@link LockSupport#unpark}: whoever sets {@code wanted} wakes it). It looked every 10 ms
     * before: on this paravirtualized machine each sleep and wake-up cost ~45 us of CPU, ~4 ms a second of the start.
     */
    static Reason await(LongSupplier lastClassSeen, BooleanSupplier wanted, long quietMillis, long longestMillis) {
        long started = System.nanoTime();
        long quiet = quietMillis * 1_000_000;
        long longest = longestMillis * 1_000_000;
        while (true) {
            if (wanted.getAsBoolean()) {
                return Reason.NEEDED;
            }
            long now = System.nanoTime();
            if (now - lastClassSeen.getAsLong() >= quiet) {
                return Reason.SETTLED;
            }
            if (now - started >= longest) {
                return Reason.LONGEST;
            }
            long untilQuiet = lastClassSeen.getAsLong() + quiet - now;
            LockSupport.parkNanos(Math.max(1_000_000, Math.min(untilQuiet, started + longest - now)));
            if (Thread.currentThread().isInterrupted()) {
                return Reason.NEEDED;               // the flag stays set for the caller
            }
        }
    }
}
