package dev.intentguard.agent.store;

import org.junit.jupiter.api.Test;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The JVM's shutdown closes the store even when it stops while the store is opening (no recovery for the next process). */
class StoreHandleTest {
    /** An in-memory store that counts its closes. */
    private static final class CountedStore {
        final AtomicInteger closes = new AtomicInteger();
        final IntentStore store;

        CountedStore() {
            InMemoryIntentStore memory = new InMemoryIntentStore();
            store = (IntentStore) Proxy.newProxyInstance(IntentStore.class.getClassLoader(), new Class<?>[] {IntentStore.class},
                    (proxy, method, args) -> {
                        if (method.getName().equals("close") && method.getParameterCount() == 0) {
                            closes.incrementAndGet();
                        }
                        try {
                            return method.invoke(memory, args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                    });
        }
    }

    /** Starts opening {@code handle} on a thread of its own; the open returns {@code store} once {@code finish} opens. */
    private static Thread openingUntil(StoreHandle handle, CountedStore store, CountDownLatch finish) throws InterruptedException {
        CountDownLatch opening = new CountDownLatch(1);
        Thread opener = new Thread(() -> handle.open(() -> {
            opening.countDown();
            finish.await();
            return store.store;
        }));
        opener.start();
        assertTrue(opening.await(5, TimeUnit.SECONDS));
        return opener;
    }

    @Test
    void aCloseWhileTheStoreOpensWaitsForTheOpenAndClosesWhatOpened() throws Exception {
        StoreHandle handle = StoreHandle.pending("test store");
        CountedStore store = new CountedStore();
        CountDownLatch finish = new CountDownLatch(1);
        Thread opener = openingUntil(handle, store, finish);
        Thread finisher = new Thread(() -> {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            finish.countDown();
        });
        finisher.start();

        long start = System.nanoTime();
        handle.close(5_000);
        long waited = (System.nanoTime() - start) / 1_000_000;

        assertEquals(1, store.closes.get(), "the store that finished opening during the close is closed");
        assertTrue(waited >= 150 && waited < 5_000, "waited for the open, not for the bound: " + waited + " ms");
        opener.join();
    }

    @Test
    void anOpenLongerThanTheBoundIsLeftAsBeforeAndNoCloseWaitsWithoutOne() throws Exception {
        StoreHandle handle = StoreHandle.pending("test store");
        CountedStore store = new CountedStore();
        CountDownLatch finish = new CountDownLatch(1);
        Thread opener = openingUntil(handle, store, finish);

        long start = System.nanoTime();
        handle.close(100);
        long waited = (System.nanoTime() - start) / 1_000_000;
        assertTrue(waited < 2_000, "the bound holds: " + waited + " ms");
        assertEquals(0, store.closes.get(), "nothing had opened");

        finish.countDown();
        opener.join();
        StoreHandle never = StoreHandle.pending("never opened");
        start = System.nanoTime();
        never.close(5_000);
        assertTrue((System.nanoTime() - start) / 1_000_000 < 1_000, "no open under way: no wait");
    }
}
