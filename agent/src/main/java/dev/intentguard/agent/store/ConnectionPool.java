package dev.intentguard.agent.store;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * A shared store's few connections, made when needed, each used by one operation at a time, and waited for no longer
 * than the operation's deadline. The clients' own pools (Jedis over commons-pool, none in pgjdbc) cannot bound the
 * wait by the deadline of the call that is waiting, so both shared stores use this one.
 */
public final class ConnectionPool<C> {
    /** Makes a connection within the time left until {@code deadlineNanos}, or throws. */
    public interface Maker<C> {
        C make(long deadlineNanos);
    }

    private final String server;
    private final int size;
    private final long waitMillis;
    private final Maker<C> maker;
    private final Consumer<C> closer;
    private final BlockingQueue<C> idle;
    private final AtomicInteger open = new AtomicInteger();

    /**
     * {@code server}: the store as messages name it (URL masked); {@code waitMillis}: the operation timeout, for the
     * message of a wait that ran out; {@code closer}: closes a connection and swallows what closing throws.
     */
    public ConnectionPool(String server, int size, long waitMillis, Maker<C> maker, Consumer<C> closer) {
        this.server = server;
        this.size = size;
        this.waitMillis = waitMillis;
        this.maker = maker;
        this.closer = closer;
        this.idle = new ArrayBlockingQueue<>(size);
    }

    /** An idle connection, a new one while fewer than {@code size} are open, or the first given back before the deadline. */
    public C borrow(long deadlineNanos) {
        C c = idle.poll();
        if (c != null) {
            return c;
        }
        if (open.incrementAndGet() <= size) {
            try {
                return maker.make(deadlineNanos);
            } catch (RuntimeException e) {
                open.decrementAndGet();
                throw e;
            }
        }
        open.decrementAndGet();
        try {
            c = idle.poll(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (c == null) {
            throw new StoreFailedException(server + ": all " + size + " connections busy for " + waitMillis
                    + " ms (store.operation-timeout)", null);
        }
        return c;
    }

    /** Back to the idle ones, or closed if it is {@code broken} (or the pool is somehow full). */
    public void giveBack(C c, boolean broken) {
        if (!broken && idle.offer(c)) {
            return;
        }
        open.decrementAndGet();
        closer.accept(c);
    }

    /** Closes the idle connections (a restarted server broke them all; the store is closing). */
    public void discardIdle() {
        for (C c; (c = idle.poll()) != null; ) {
            open.decrementAndGet();
            closer.accept(c);
        }
    }
}
