package dev.intentguard.agent.tool;

import dev.intentguard.agent.weave.DeferredWeaving;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * How a guarded call that begins during the application's start waits for the classes woven after it (the HTTP clients
 * and SDK loops it may use, the tool method itself when it came in through its {@code StartTrampoline}): on the one
 * clock of {@code store.open-timeout} it shares with its wait for the store, asking for both. Past it, said once.
 */
final class WeavingWait {
    private final ToolRuntime runtime;
    private final DeferredWeaving deferred;
    private final AtomicBoolean lateLogged = new AtomicBoolean();

    WeavingWait(ToolRuntime runtime, DeferredWeaving deferred) {
        this.runtime = runtime;
        this.deferred = deferred;
    }

    /** Whether the classes are woven: at once (one volatile read) after the start, else after waiting for them. */
    boolean woven() {
        if (!deferred.pending()) {
            return true;
        }
        Duration timeout = runtime.config().store().openTimeout();
        if (deferred.await(runtime.store().startWaiting(timeout))) {
            return true;
        }
        if (lateLogged.compareAndSet(false, true)) {
            runtime.log().error("the HTTP clients and SDK retry loops loaded while the application started were not woven "
                    + "within store.open-timeout ({} ms): {}. Raise store.open-timeout if the machine is this slow to start",
                    timeout.toMillis(), runtime.failClosed()
                            ? "guarded calls answer disabled until they are (on-error: fail-closed)"
                            : "guarded calls go on until they are, their requests perhaps without an Idempotency-Key and "
                            + "their resends not held back, and a tool entered through its start trampoline unguarded "
                            + "(on-error: fail-open)");
        }
        return false;
    }
}
