package dev.intentguard.agent.weave;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How a guarded call waits for the classes left for later weaving. */
class DeferredWeavingTest {

    @Test
    void withNothingDeferredACallNeverWaitsNorAsks() {
        DeferredWeaving none = DeferredWeaving.none();
        assertTrue(none.awaitForCall(0));
        assertFalse(none.wanted());
    }

    @Test
    void aCallAsksForTheWeavingAndGoesOnWhenItIsDone() throws Exception {
        DeferredWeaving deferred = DeferredWeaving.untilSettled();
        AtomicBoolean woven = new AtomicBoolean();
        Thread call = new Thread(() -> woven.set(deferred.awaitForCall(30_000)));
        call.start();
        while (!deferred.wanted()) {             // the call has asked; it is waiting
            Thread.sleep(5);
        }
        assertTrue(call.isAlive(), "the call waits while the classes are not woven");
        deferred.done();
        call.join(30_000);
        assertTrue(woven.get(), "the call learns they are woven");
        assertTrue(deferred.awaitForCall(0), "later calls do not wait");
    }

    @Test
    void theWaitIsSharedOnceItHasPassedCallsNoLongerWait() {
        DeferredWeaving deferred = DeferredWeaving.untilSettled();
        long began = System.nanoTime();
        assertFalse(deferred.awaitForCall(2_000), "nobody weaves: the first call gives up after its timeout");
        long first = System.nanoTime() - began;
        began = System.nanoTime();
        assertFalse(deferred.awaitForCall(2_000));
        long second = System.nanoTime() - began;
        assertTrue(first >= 1_900_000_000L, "the first call waited its timeout");
        assertTrue(second < 1_000_000_000L, "the second call does not wait a new timeout: " + second / 1_000_000 + " ms");
    }
}
