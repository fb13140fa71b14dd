package dev.intentguard.agent.background;

import java.util.concurrent.locks.ReentrantLock;

/**
 * One turn at a time for the agent's background work: the journal's writer (making a batch of lines) and the file
 * store's scans for the housekeeping and the reconciler (one segment) each hold the turn while they compute, so that
 * together they take at most one CPU at any moment and never crowd the application's threads off the others. A holder
 * does no I/O that may sleep long (the journal writes its batch after giving the turn back); a scan that finds its
 * segment locked by another process waits for it with the turn held, at most {@code store.lock-timeout}, so the
 * journal may wait that long for a batch (its queue absorbs it, or drops and counts). On two cores, each
 * running when it pleased, they left a tool call runnable but waiting for a CPU for up to 24 ms while two of them ran
 * at once (issue 20). Fair: a thread waiting for the turn gets it before the holder takes it again. Tool calls never
 * take it, and no one waits for it while holding a lock a call may want (a scan takes the turn before the segment).
 */
public final class BackgroundTurn {
    private static final ReentrantLock TURN = new ReentrantLock(true);

    private BackgroundTurn() {
    }

    /** Waits for the turn; every {@code take} is followed by one {@link #give} in a {@code finally}. */
    public static void take() {
        TURN.lock();
    }

    public static void give() {
        TURN.unlock();
    }
}
