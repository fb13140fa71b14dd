package dev.intentguard.agent.tool;

import dev.intentguard.agent.audit.AuditRecorder;
import dev.intentguard.agent.config.AgentConfig;
import dev.intentguard.agent.config.Mode;
import dev.intentguard.agent.config.OnError;
import dev.intentguard.agent.store.StoreHandle;
import dev.intentguard.agent.wire.NetworkWatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.atomic.AtomicLong;

/** The state every guarded call shares: config, store, bindings, this JVM's in-flight calls, loggers. */
final class ToolRuntime {
    private static final long ERROR_REPEAT_MILLIS = 60_000;

    private final AgentConfig config;
    private final StoreHandle store;
    private final ToolBindings bindings = new ToolBindings();
    private final InFlightCalls inFlight = new InFlightCalls();
    private final Logger intentLog = LoggerFactory.getLogger("intentguard.intent");
    private final Logger log = LoggerFactory.getLogger("intentguard");
    private final AtomicLong lastStoreError = new AtomicLong(0);
    private final Sweeper sweeper = new Sweeper(this);
    private final AuditRecorder recorder;
    private final NetworkWatch network;

    ToolRuntime(AgentConfig config, StoreHandle store, AuditRecorder recorder) {
        this(config, store, recorder, new NetworkWatch());
    }

    ToolRuntime(AgentConfig config, StoreHandle store, AuditRecorder recorder, NetworkWatch network) {
        this.config = config;
        this.store = store;
        this.recorder = recorder;
        this.network = network;
    }

    /** Where the JDK's TCP writes went: a call's own, or other threads' (see {@link NetworkWatch}). */
    NetworkWatch network() {
        return network;
    }

    /** The audit of every guarded call: counters, duplicate warnings, JFR, the journal. */
    AuditRecorder recorder() {
        return recorder;
    }

    AgentConfig config() {
        return config;
    }

    StoreHandle store() {
        return store;
    }

    ToolBindings bindings() {
        return bindings;
    }

    InFlightCalls inFlight() {
        return inFlight;
    }

    Sweeper sweeper() {
        return sweeper;
    }

    boolean audit() {
        return config.mode() == Mode.AUDIT;
    }

    boolean failClosed() {
        return config.onError() == OnError.FAIL_CLOSED;
    }

    /** {@code intentguard.intent}: one line per guarded call, before it runs; replays and prevented duplicates. */
    Logger intentLog() {
        return intentLog;
    }

    Logger log() {
        return log;
    }

    long now() {
        return System.currentTimeMillis();
    }

    /** Logs a store failure at ERROR, at most once a minute (a broken disk must not flood the host's logs). */
    void storeError(Exception e, String consequence) {
        long now = now();
        long last = lastStoreError.get();
        if (now - last >= ERROR_REPEAT_MILLIS && lastStoreError.compareAndSet(last, now)) {
            log.error("intent store {} cannot answer: {}. {}", store.description(), e.getMessage(), consequence);
        }
    }
}
