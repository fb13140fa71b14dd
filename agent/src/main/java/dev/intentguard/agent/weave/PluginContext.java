package dev.intentguard.agent.weave;

import dev.intentguard.agent.config.AgentConfig;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.ClassFileLocator;

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
}
