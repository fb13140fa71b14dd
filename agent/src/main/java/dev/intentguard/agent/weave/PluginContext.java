package dev.intentguard.agent.weave;

import dev.intentguard.agent.config.AgentConfig;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;

import java.lang.instrument.Instrumentation;

/** What a plugin gets at start-up. */
public final class PluginContext {
    private final AgentConfig config;
    private final Instrumentation instrumentation;
    private final ClassFileLocator adviceLocator;

    PluginContext(AgentConfig config, Instrumentation instrumentation, ClassFileLocator adviceLocator) {
        this.config = config;
        this.instrumentation = instrumentation;
        this.adviceLocator = adviceLocator;
    }

    public AgentConfig config() {
        return config;
    }

    public Instrumentation instrumentation() {
        return instrumentation;
    }

    /** Reads advice class files from the agent's own loader (they are not visible to the host). */
    public ClassFileLocator adviceLocator() {
        return adviceLocator;
    }

    /** {@code Advice.to(adviceClass)} reading the advice from the agent's loader. */
    public Advice advice(Class<?> adviceClass) {
        return Advice.to(adviceClass, adviceLocator);
    }

    /**
     * The same for advice that names a library's types (an OkHttp {@code Request} parameter), which the agent's
     * loader cannot load: the advice is described from its class file, its types from the agent's loader, the
     * instrumented class's {@code loader} and the bootstrap path (the bridge).
     */
    public Advice advice(Class<?> adviceClass, ClassLoader loader) {
        ClassFileLocator types = new ClassFileLocator.Compound(adviceLocator,
                loader == null ? ClassFileLocator.ForClassLoader.ofBootLoader() : ClassFileLocator.ForClassLoader.of(loader),
                ClassFileLocator.ForClassLoader.ofBootLoader());
        return Advice.to(TypePool.Default.of(types).describe(adviceClass.getName()).resolve(), adviceLocator);
    }
}
