package dev.intentguard.agent.kit;

import dev.intentguard.agent.audit.AuditRecorder;
import dev.intentguard.agent.audit.CallEntry;
import dev.intentguard.agent.log.AgentLoggers;
import dev.intentguard.agent.store.IntentRecord;
import dev.intentguard.agent.store.IntentStore;
import dev.intentguard.agent.store.StoreHandle;
import dev.intentguard.agent.store.StoreUnavailableException;
import org.slf4j.Logger;

import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The agent's side of the intentguard-junit kit, there only when the agent was started with {@code test-kit=DIR}
 * (never in production: the argument also moves the store into the kit's folder). It gives each test a fresh store
 * and lists what every guarded call answered, which is what the kit's assertions read.
 */
public final class TestKit implements TestKitMBean {
    public static final String NAME = "dev.intentguard:type=TestKit";
    private static final Logger LOG = AgentLoggers.named("intentguard");

    private final Path folder;
    private final StoreHandle store;
    private final AuditRecorder recorder;
    private final Duration openTimeout;
    private final List<Map<String, Object>> calls = new ArrayList<>();

    private TestKit(Path folder, StoreHandle store, AuditRecorder recorder, Duration openTimeout) {
        this.folder = folder;
        this.store = store;
        this.recorder = recorder;
        this.openTimeout = openTimeout;
    }

    /**
     * Registers the MBean once the agent's start-up is done (loaded classes woven), and starts listening to the calls; {@code null} (and one WARN) when JMX refuses it. */
    public static TestKit register(Path folder, StoreHandle store, AuditRecorder recorder, Duration openTimeout) {
        TestKit kit = new TestKit(folder, store, recorder, openTimeout);
        recorder.listen(kit::ended);                    // first: no call that ends once the kit sees the MBean is missed
        try {
            ManagementFactory.getPlatformMBeanServer().registerMBean(kit, new ObjectName(NAME));
        } catch (Exception | LinkageError e) {
            recorder.listen(null);
            LOG.warn("test-kit: the MBean {} is not registered ({}): the kit cannot reach this agent", NAME, e.toString());
            return null;
        }
        return kit;
    }

    @Override
    public boolean awaitReady(long millis) {
        return store.awaitOpen(Duration.ofMillis(millis)) && store.ifOpen() != null;
    }

    @Override
    public void forget() {
        IntentStore intents;
        try {
            intents = store.await(openTimeout);
        } catch (StoreUnavailableException e) {
            throw new IllegalStateException("the store is not open: " + e.getMessage());
        }
        // A record may change between the read and the remove (the reconciler, a call a test left running): read again.
        for (int round = 0; ; round++) {
            List<Map.Entry<String, IntentRecord>> all = new ArrayList<>();
            intents.forEach((key, record) -> all.add(Map.entry(key, record)));
            if (all.isEmpty()) {
                break;
            }
            if (round == 10) {
                throw new IllegalStateException(all.size() + " intents kept changing while the store was emptied, e.g. "
                        + all.get(0).getKey() + ": a call of an earlier test still running?");
            }
            for (Map.Entry<String, IntentRecord> e : all) {
                intents.remove(e.getKey(), e.getValue());
            }
        }
        recorder.forgetRecentIntents();
        synchronized (calls) {
            calls.clear();
        }
    }

    @Override
    public List<Map<String, Object>> calls() {
        synchronized (calls) {
            return new ArrayList<>(calls);
        }
    }

    @Override
    public String storeFolder() {
        return folder.toString();
    }

    private void ended(CallEntry call) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("tool", call.tool());
        c.put("key", call.key());
        c.put("effect", call.effect());
        c.put("answer", call.answer());
        c.put("outcome", call.outcome());
        c.put("ran", call.ran());
        c.put("repeat", call.layer() != null);
        c.put("sentRequests", call.sentAttempts());
        c.put("suppressedRequests", call.suppressed());
        synchronized (calls) {
            calls.add(c);
        }
    }
}
