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

        handle.close(5_000);

        assertEquals(1, store.closes.get(), "the store that finished opening during the close is closed");
        assertEquals(0, finish.getCount(), "the close returned after the open finished");
        opener.join();
    }

    @Test
    void anOpenLongerThanTheBoundIsLeftAsBefore() throws Exception {
        StoreHandle handle = StoreHandle.pending("test store");
        CountedStore store = new CountedStore();
        CountDownLatch finish = new CountDownLatch(1);
        Thread opener = openingUntil(handle, store, finish);

        handle.close(100);
        assertEquals(1, finish.getCount(), "the close returned while the open was still under way");
        assertEquals(0, store.closes.get(), "nothing had opened");

        finish.countDown();
        opener.join();
        StoreHandle never = StoreHandle.pending("never opened");
        never.close(5_000);
        assertEquals(0, store.closes.get(), "a handle that never opened closes nothing");
    }
}
