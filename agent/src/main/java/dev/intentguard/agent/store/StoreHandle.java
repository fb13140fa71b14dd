package dev.intentguard.agent.store;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The store, opened off the main thread so that premain returns fast. The first guarded call waits for
 * it, for at most {@code store.open-timeout}.
 */
public final class StoreHandle {
    /** Opens a store; may throw anything. */
    public interface Opener {
        IntentStore open() throws Exception;
    }

    private final CompletableFuture<IntentStore> future = new CompletableFuture<>();
    private final String description;
    private final AtomicReference<IntentStore> opened = new AtomicReference<>();
    /** When the first caller started waiting; later callers wait only for what is left of open-timeout. */
    private volatile long waitingSince;

    private StoreHandle(String description) {
        this.description = description;
    }

    /** A handle whose store {@link #open} will open later (on the agent's init thread). */
    public static StoreHandle pending(String description) {
        return new StoreHandle(description);
    }

    /** A handle on a store that is already open. */
    public static StoreHandle of(IntentStore store) {
        StoreHandle handle = new StoreHandle(store.describe());
        handle.opened.set(store);
        handle.future.complete(store);
        return handle;
    }

    /** Opens the store on the calling thread; callers waiting in {@link #await} proceed when it is done. */
    public void open(Opener opener) {
        try {
            IntentStore store = opener.open();
            opened.set(store);
            future.complete(store);
        } catch (Throwable t) {
            future.completeExceptionally(t);
        }
    }

    /** The open store, waiting up to {@code timeout} for it. */
    public IntentStore await(Duration timeout) throws StoreUnavailableException {
        IntentStore store = opened.get();
        if (store != null) {
            return store;
        }
        long now = System.currentTimeMillis();
        if (waitingSince == 0) {
            waitingSince = now;
        }
        long left = Math.max(0, waitingSince + timeout.toMillis() - now);
        try {
            return future.get(left, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new StoreUnavailableException("the intent store " + description + " did not open within "
                    + timeout.toMillis() + " ms; raise store.open-timeout or check that the disk is not stalled", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof StoreUnavailableException) {
                throw (StoreUnavailableException) e.getCause();
            }
            throw new StoreUnavailableException("the intent store " + description + " cannot be opened: "
                    + e.getCause() + "; check that the directory is writable", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreUnavailableException("interrupted while waiting for the intent store " + description, e);
        }
    }

    /** The store if it is open now, else {@code null}; never waits. */
    public IntentStore ifOpen() {
        return opened.get();
    }

    /** Blocks until opening has finished one way or the other (for start-up measurements). */
    public boolean awaitOpen(Duration timeout) {
        try {
            future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    public String description() {
        return description;
    }

    /** Closes the store if it opened. */
    public void close() {
        IntentStore store = opened.getAndSet(null);
        if (store != null) {
            store.close();
        }
    }
}
