package dev.intentguard.agent.weave.probe;

import dev.intentguard.agent.weave.AgentPlugin;
import dev.intentguard.agent.weave.SupportedLibrary;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;

/** A plugin for {@code AdviceLinksTest}: its advice is linked as a woven call site would be. */
public final class ProbePlugin implements AgentPlugin {
    @Override
    public String name() {
        return "probe";
    }

    @Override
    public SupportedLibrary library() {
        return new SupportedLibrary("Probe", "dev.intentguard", "probe", "1.0", "1.2", "dev.intentguard.probe.Probe");
    }

    @Override
    public boolean mayTransform(ClassLoader loader, String internalName, byte[] classFile) {
        return false;
    }

    @Override
    public boolean matches(TypeDescription type, ClassLoader loader) {
        return false;
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        return builder;
    }
}
