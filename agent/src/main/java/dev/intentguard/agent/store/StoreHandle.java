package dev.intentguard.agent.store;

import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The store, opened off the main thread so that premain returns fast, and after the application's start has settled
 * so that the start does not share its CPU with it. The first caller that needs the store asks for it at once
 * ({@link #wanted}) and waits for it, for at most {@code store.open-timeout}.
 */
public final class StoreHandle {
    /** Opens a store; may throw anything. */
    public interface Opener {
        IntentStore open() throws Exception;
    }

    private final CompletableFuture<IntentStore> future = new CompletableFuture<>();
    private final String description;
    private final AtomicReference<IntentStore> opened = new AtomicReference<>();
    /**
     * When the first guarded call started waiting, for the deferred weaving or for the store: one clock for both, so
     * that no call waits longer than open-timeout in all, and later callers wait only for what is left of it.
     */
    private volatile long waitingSince;
    /** Told when a caller first waits ({@link #whenWanted}): the thread that opens the store after the start. */
    private volatile Runnable onWanted;
    /** {@link #open} has begun: a close waits a little for it rather than leave a half-open store behind. */
    private volatile boolean opening;

    private StoreHandle(String description) {
        this.description = description;
    }

    /** A handle whose store {@link #open} will open later (on the agent's {@code intentguard-store-open} thread). */
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
        opening = true;
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
        long left = startWaiting(timeout);
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
                    + e.getCause() + "; " + remedy(e.getCause()), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreUnavailableException("interrupted while waiting for the intent store " + description, e);
        }
    }

    /**
     * A guarded call begins to wait during the start: the first one starts the clock of {@code timeout} and asks for
     * the store ({@link #wanted}).
     * @return the milliseconds left of {@code timeout}, counted from the first call that waited
     */
    public long startWaiting(Duration timeout) {
        long now = System.currentTimeMillis();
        if (waitingSince == 0) {
            waitingSince = now;
            Runnable wake = onWanted;
            if (wake != null) {
                wake.run();
            }
        }
        return Math.max(0, waitingSince + timeout.toMillis() - now);
    }

    /**
     * Runs {@code wake} when a caller first waits for the store, or at once if one has (it may run twice: it must
     * bear that). Written before {@link #waitingSince} is read here, and read after it is written in
     * {@link #startWaiting}, so that one of the two sees the other.
     */
    public void whenWanted(Runnable wake) {
        onWanted = wake;
        if (wanted()) {
            wake.run();
        }
    }

    /** Whether a caller has waited for the store (whoever opens it should not wait any longer). */
    public boolean wanted() {
        return waitingSince != 0;
    }

    /** Whether opening failed (its ERROR is the call path's to say; a neighbour that fails for the same cause need not). */
    public boolean failedToOpen() {
        return future.isCompletedExceptionally();
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

    /** What to do about a store that cannot be opened, by what the file system said. */
    private static String remedy(Throwable cause) {
        if (cause instanceof FileAlreadyExistsException) {
            return ((FileAlreadyExistsException) cause).getFile() + " is a file where store.path needs a folder: "
                    + "point store.path at a file inside a folder";
        }
        if (cause instanceof AccessDeniedException) {
            return "this JVM's user may not write there: point store.path at a folder it owns";
        }
        return "check that the folder exists or can be created, and that this JVM's user may write to it";
    }

    public String description() {
        return description;
    }

    /**
     * Closes the store if it opened. A JVM that exits while its store is opening (a short-lived host whose start
     * settled just before it ended) waits up to {@code openingMillis} for the open to finish and closes it: left
     * half-open, the file counts this process as a user that ended without closing, and the next process alone on it
     * runs Chronicle's recovery first (1.5 s for an empty store of a million intents here, more than the next process's
     * {@code store.open-timeout} on a loaded machine, when its calls run unguarded or refused).
     */
    public void close(long openingMillis) {
        if (opening && !future.isDone()) {
            try {
                future.get(openingMillis, TimeUnit.MILLISECONDS);
            } catch (TimeoutException | ExecutionException e) {
                // still opening (left to the next process's recovery, as before), or it failed: nothing to close
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        IntentStore store = opened.getAndSet(null);
        if (store != null) {
            store.close();
        }
    }
}
