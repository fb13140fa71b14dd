package dev.intentguard.agent.weave;

import net.bytebuddy.description.type.TypeDescription;

import java.util.HashSet;
import java.util.Set;

/** A plugin that instruments a fixed set of classes, named exactly: the gate is a set lookup. */
public abstract class ExactNamePlugin implements AgentPlugin {
    private final Set<String> internalNames = new HashSet<>();
    private final Set<String> binaryNames = new HashSet<>();

    protected ExactNamePlugin(String... classNames) {
        for (String name : classNames) {
            binaryNames.add(name);
            internalNames.add(name.replace('.', '/'));
        }
    }

    @Override
    public boolean mayTransform(ClassLoader loader, String internalName, byte[] classFile) {
        return internalNames.contains(internalName);
    }

    @Override
    public boolean matches(TypeDescription type, ClassLoader loader) {
        return binaryNames.contains(type.getName());
    }

    /** The classes this plugin instruments (binary names). */
    public Set<String> classNames() {
        return Set.copyOf(binaryNames);
    }
}
