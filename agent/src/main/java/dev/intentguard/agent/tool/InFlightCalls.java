package dev.intentguard.agent.tool;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The intents this JVM is running right now. A thread registers an intent before claiming it in the
 * store; other threads of this JVM wait on it without polling. (Other processes poll the store.)
 */
final class InFlightCalls {
    private final ConcurrentHashMap<String, CountDownLatch> running = new ConcurrentHashMap<>();

    /** Registers {@code key} for the current thread; {@code null} if another thread of this JVM has it. */
    CountDownLatch register(String key) {
        CountDownLatch mine = new CountDownLatch(1);
        return running.putIfAbsent(key, mine) == null ? mine : null;
    }

    /** Ends a registration made by {@link #register}; wakes the waiters. */
    void release(String key, CountDownLatch latch) {
        running.remove(key, latch);
        latch.countDown();
    }

    /** {@code true} if a thread of this JVM is running {@code key}. */
    boolean isRunning(String key) {
        return running.containsKey(key);
    }

    /** Waits until this JVM's call for {@code key} ends or {@code millis} pass; {@code false} on timeout. */
    boolean await(String key, long millis) throws InterruptedException {
        CountDownLatch latch = running.get(key);
        return latch == null || latch.await(millis, TimeUnit.MILLISECONDS);
    }
}
