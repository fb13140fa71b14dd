package dev.intentguard.agent;

import java.util.function.BiFunction;

/**
 * Defines a bridge class in the boot loader with a direct call to {@code jdk.internal.misc.Unsafe}. The build compiles
 * it apart (agent/pom.xml, {@code --add-exports java.base/jdk.internal.misc}), because the rest of the agent is
 * compiled with {@code --release 17}, which allows no access to JDK internals. At run time premain has exported the
 * package to the agent's module alone before this runs. A direct call spares premain the reflective one, whose
 * method-handle set-up cost ~15 ms on a cold JDK 25.
 */
public final class UnsafeDefiner implements BiFunction<String, byte[], Class<?>> {
    @Override
    public Class<?> apply(String name, byte[] bytes) {
        return jdk.internal.misc.Unsafe.getUnsafe().defineClass(name, bytes, 0, bytes.length, null, null);
    }
}
