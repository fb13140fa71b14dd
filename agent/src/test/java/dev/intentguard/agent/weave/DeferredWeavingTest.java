package dev.intentguard.agent.weave;

import dev.intentguard.agent.store.StoreHandle;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How a guarded call waits for the classes left for later weaving. */
class DeferredWeavingTest {

    @Test
    void withNothingDeferredACallNeverWaits() {
        DeferredWeaving none = DeferredWeaving.none();
        assertFalse(none.pending());
        assertTrue(none.await(0));
    }

    @Test
    void aCallWaitsAndGoesOnWhenTheWeavingIsDone() throws Exception {
        DeferredWeaving deferred = DeferredWeaving.untilSettled();
        AtomicBoolean woven = new AtomicBoolean();
        AtomicBoolean waiting = new AtomicBoolean();
        Thread call = new Thread(() -> {
            waiting.set(true);
            woven.set(deferred.await(30_000));
        });
        call.start();
        while (!waiting.get()) {
            Thread.sleep(5);
        }
        Thread.sleep(100);
        assertTrue(call.isAlive(), "the call waits while the classes are not woven");
        deferred.done();
        call.join(30_000);
        assertTrue(woven.get(), "the call learns they are woven");
        assertFalse(deferred.pending());
        assertTrue(deferred.await(0), "later calls do not wait");
    }

    @Test
    void theWeavingAndTheStoreShareOneClockCountedFromTheFirstCall() throws Exception {
        DeferredWeaving deferred = DeferredWeaving.untilSettled();
        StoreHandle store = StoreHandle.pending("test");
        Duration timeout = Duration.ofMillis(2_000);
        assertFalse(store.wanted());
        long began = System.nanoTime();
        assertFalse(deferred.await(store.startWaiting(timeout)), "nobody weaves: the first call gives up after its timeout");
        assertTrue(store.wanted(), "the first call asked for the store too");
        long first = System.nanoTime() - began;
        assertTrue(first >= 1_900_000_000L, "the first call waited its timeout: " + first / 1_000_000 + " ms");
        began = System.nanoTime();
        assertFalse(deferred.await(store.startWaiting(timeout)));
        assertTrue(store.startWaiting(timeout) == 0, "nothing is left of the timeout for the store's wait either");
        long second = System.nanoTime() - began;
        assertTrue(second < 1_000_000_000L, "a later call does not wait a new timeout: " + second / 1_000_000 + " ms");
    }

    @Test
    void whatWaitsForTheWeavingRunsOnceWhenItIsDoneAndAtOnceAfter() {
        DeferredWeaving deferred = DeferredWeaving.untilSettled();
        java.util.concurrent.atomic.AtomicInteger runs = new java.util.concurrent.atomic.AtomicInteger();
        deferred.whenWoven(runs::incrementAndGet);
        deferred.whenWoven(() -> {
            throw new IllegalStateException("one action failing does not stop the others");
        });
        deferred.whenWoven(runs::incrementAndGet);
        assertTrue(runs.get() == 0, "nothing runs before the weaving");
        deferred.done();
        assertTrue(runs.get() == 2, "each ran once: " + runs.get());
        deferred.whenWoven(runs::incrementAndGet);
        assertTrue(runs.get() == 3, "registered after it, it runs at once");
        DeferredWeaving.none().whenWoven(runs::incrementAndGet);
        assertTrue(runs.get() == 4, "with nothing deferred, at once");
    }
}
