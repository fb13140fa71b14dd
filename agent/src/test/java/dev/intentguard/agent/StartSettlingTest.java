package dev.intentguard.agent;

import dev.intentguard.agent.store.StoreHandle;
import dev.intentguard.agent.store.StoreUnavailableException;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** When the agent's deferred start-up work runs: a settled start, a guarded call that needs the store, or the longest wait. */
class StartSettlingTest {

    @Test
    void aStartThatStoppedLoadingClassesHasSettledOnceTheQuietTimeHasPassed() {
        long lastClass = System.nanoTime();
        long began = System.nanoTime();
        StartSettling.Reason why = StartSettling.await(() -> lastClass, () -> false, 300, 60_000);
        assertEquals(StartSettling.Reason.SETTLED, why);
        assertTrue(System.nanoTime() - began >= 300_000_000L, "settled only after 300 ms without a class loaded");
    }

    @Test
    void aStartStillLoadingClassesWaitsUntilAGuardedCallNeedsTheStore() throws Exception {
        StoreHandle store = StoreHandle.pending("test");
        Thread call = new Thread(() -> {
            try {
                Thread.sleep(400);
                // a guarded call waiting for the store (nobody opens it here: it times out)
                assertThrows(StoreUnavailableException.class, () -> store.await(Duration.ofMillis(50)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Thread waiting = Thread.currentThread();
        store.whenWanted(() -> LockSupport.unpark(waiting));
        call.start();
        long began = System.nanoTime();
        // a class loads "now" at every look: the start never settles; between looks it waits the whole quiet time
        StartSettling.Reason why = StartSettling.await(System::nanoTime, store::wanted, 5_000, 60_000);
        long took = System.nanoTime() - began;
        call.join();
        assertEquals(StartSettling.Reason.NEEDED, why);
        assertTrue(took >= 400_000_000L, "not before the call asked");
        assertTrue(took < 2_000_000_000L, "the call's ask woke the wait (it would have slept 5 s): " + took / 1_000_000 + " ms");
    }

    @Test
    void aWakerRegisteredAfterACallAskedRunsAtOnce() {
        StoreHandle store = StoreHandle.pending("test");
        store.startWaiting(Duration.ofMillis(10));
        AtomicLong woken = new AtomicLong();
        store.whenWanted(woken::incrementAndGet);
        assertEquals(1, woken.get());
    }

    @Test
    void aStartThatNeverSettlesGetsTheWorkAfterTheLongestWait() {
        AtomicLong looks = new AtomicLong();
        StartSettling.Reason why = StartSettling.await(() -> {
            looks.incrementAndGet();
            return System.nanoTime();
        }, () -> false, 200, 300);
        assertEquals(StartSettling.Reason.LONGEST, why);
        assertTrue(looks.get() > 1, "it looked more than once");
    }
}
