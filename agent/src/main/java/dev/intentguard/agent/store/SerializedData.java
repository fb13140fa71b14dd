package dev.intentguard.agent.store;

import net.openhft.chronicle.algo.hashing.LongHashFunction;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.RandomDataInput;
import net.openhft.chronicle.hash.AbstractData;
import net.openhft.chronicle.hash.Data;

import java.nio.charset.StandardCharsets;

/**
 * Keys and records in Chronicle's serialized form, in buffers the thread reuses. Chronicle's own accessors encode a
 * String key character by character on every operation and wrap every value in a new reference-counted store; a call
 * asks about its key two or three times (claim, outcome), so the key's UTF-8 bytes and hash are worked out once per
 * call here, and the bytes are copied in one piece. The bytes are exactly those Chronicle's String and byte[]
 * marshalling writes (the size prefix is the map's, not the data's), so the store file is the same either way.
 *
 * <p>One key and one value per thread: each is used only while one query context of this thread is open, and the
 * store never nests them.
 */
final class SerializedData<T> extends AbstractData<T> {
    private static final ThreadLocal<SerializedData<String>> KEY = ThreadLocal.withInitial(SerializedData::new);
    private static final ThreadLocal<SerializedData<byte[]>> VALUE = ThreadLocal.withInitial(SerializedData::new);

    private final Bytes<byte[]> bytes = Bytes.allocateElasticOnHeap(256);
    private T object;
    private LongHashFunction hashedWith;
    private long hash;

    private SerializedData() {
    }

    /** {@code key} as the map's key; the same String as the last call on this thread reuses its bytes and hash. */
    static Data<String> key(String key) {
        SerializedData<String> data = KEY.get();
        if (data.object != key) {
            data.set(key, key.getBytes(StandardCharsets.UTF_8));
        }
        return data;
    }

    /** {@code encoded} (a record's bytes) as the map's value. */
    static Data<byte[]> value(byte[] encoded) {
        SerializedData<byte[]> data = VALUE.get();
        if (data.object != encoded) {
            data.set(encoded, encoded);
        }
        return data;
    }

    private void set(T object, byte[] serialized) {
        this.object = null;                              // a failure below leaves nothing stale to reuse
        bytes.clear();
        bytes.write(serialized);
        this.hashedWith = null;
        this.object = object;
    }

    @Override
    public RandomDataInput bytes() {
        return bytes.bytesStore();
    }

    @Override
    public long offset() {
        return bytes.readPosition();
    }

    @Override
    public long size() {
        return bytes.readRemaining();
    }

    @Override
    public long hash(LongHashFunction f) {
        if (hashedWith != f) {
            hash = super.hash(f);
            hashedWith = f;
        }
        return hash;
    }

    @Override
    public T get() {
        return object;
    }

    @Override
    public T getUsing(T using) {
        return object;
    }
}
