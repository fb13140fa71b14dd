package dev.intentguard.agent.store;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;

/** Intents in this JVM's heap: for tests, and for runtimes where the persisted store cannot run. */
public final class InMemoryIntentStore implements IntentStore {
    private final ConcurrentHashMap<String, byte[]> map = new ConcurrentHashMap<>();

    @Override
    public IntentRecord get(String key) {
        byte[] bytes = map.get(key);
        return bytes == null ? null : IntentRecord.decoded(bytes);
    }

    @Override
    public IntentRecord claimOrGet(String key, IntentRecord record) {
        byte[] existing = map.putIfAbsent(key, record.encoded());
        return existing == null ? null : IntentRecord.decoded(existing);
    }

    @Override
    public boolean replace(String key, IntentRecord expected, IntentRecord next) {
        byte[] want = expected.encoded();
        byte[] next0 = next.encoded();
        boolean[] swapped = {false};
        map.computeIfPresent(key, (k, current) -> {
            if (Arrays.equals(current, want)) {
                swapped[0] = true;
                return next0;
            }
            return current;
        });
        return swapped[0];
    }

    @Override
    public boolean remove(String key, IntentRecord expected) {
        return map.remove(key, expected.encoded()) || removeEqual(key, expected.encoded());
    }

    private boolean removeEqual(String key, byte[] want) {
        byte[] current = map.get(key);
        return current != null && Arrays.equals(current, want) && map.remove(key, current);
    }

    @Override
    public void forEach(BiConsumer<String, IntentRecord> action) {
        for (Map.Entry<String, byte[]> e : map.entrySet()) {
            action.accept(e.getKey(), IntentRecord.decoded(e.getValue()));
        }
    }

    @Override
    public long size() {
        return map.size();
    }

    @Override
    public String describe() {
        return "in memory (not persisted)";
    }

    @Override
    public void close() {
        map.clear();
    }
}
