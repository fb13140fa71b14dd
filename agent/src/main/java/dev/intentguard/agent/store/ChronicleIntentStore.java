package dev.intentguard.agent.store;

import net.openhft.chronicle.map.ChronicleMap;
import net.openhft.chronicle.map.ChronicleMapBuilder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BiConsumer;

/**
 * Intents in a Chronicle Map persisted to {@code store.path}: memory-mapped, shared by every JVM on the
 * host that opens the same file, and surviving crashes of any of them (a write is in the page cache the
 * moment {@code putIfAbsent} returns).
 */
public final class ChronicleIntentStore implements IntentStore {
    /** Part of the file header: never change it. */
    static final String MAP_NAME = "intentguard-intents";
    private static final int AVERAGE_KEY_BYTES = 64;
    private static final int AVERAGE_VALUE_BYTES = 192;

    private final ChronicleMap<String, byte[]> map;
    private final Path path;

    private ChronicleIntentStore(ChronicleMap<String, byte[]> map, Path path) {
        this.map = map;
        this.path = path;
    }

    /** Opens the store at {@code path}, creating the file (and its directory) if it does not exist. */
    public static ChronicleIntentStore open(Path path, long maxIntents, int maxResultBytes) throws IOException {
        Path parent = path.getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        ChronicleMap<String, byte[]> map = ChronicleMapBuilder.of(String.class, byte[].class)
                .name(MAP_NAME)
                .entries(maxIntents)
                .averageKeySize(AVERAGE_KEY_BYTES)
                .averageValueSize(AVERAGE_VALUE_BYTES)
                .maxChunksPerEntry(Math.max(64, (maxResultBytes + 1024) / 32))
                .createPersistedTo(path.toFile());
        return new ChronicleIntentStore(map, path);
    }

    @Override
    public IntentRecord get(String key) {
        byte[] bytes = map.get(key);
        return bytes == null ? null : IntentRecord.decoded(bytes);
    }

    @Override
    public boolean putIfAbsent(String key, IntentRecord record) {
        return map.putIfAbsent(key, record.encoded()) == null;
    }

    @Override
    public boolean replace(String key, IntentRecord expected, IntentRecord next) {
        return map.replace(key, expected.encoded(), next.encoded());
    }

    @Override
    public void forEach(BiConsumer<String, IntentRecord> action) {
        map.forEach((k, v) -> action.accept(k, IntentRecord.decoded(v)));
    }

    @Override
    public long size() {
        return map.longSize();
    }

    @Override
    public String describe() {
        return path.toString();
    }

    @Override
    public void close() {
        map.close();
    }
}
