package dev.intentguard.agent.weave;

import net.bytebuddy.description.type.TypeDescription;

import java.util.HashSet;
import java.util.Set;

/**
 * A plugin that instruments a fixed set of classes, named exactly: the gate is a set lookup. It holds what every such
 * plugin has: its name (what {@code plugins:} takes), the library versions it supports ({@code null}: any) and the
 * context it got at start-up, which its {@code transform} uses to make advice.
 */
public abstract class ExactNamePlugin implements AgentPlugin {
    private final Set<String> internalNames = new HashSet<>();
    private final Set<String> binaryNames = new HashSet<>();
    private final String name;
    private final SupportedLibrary library;
    /** Set by {@link #start}, before the first {@code transform}. */
    protected PluginContext context;

    /**
     * @param name what {@code plugins:} takes ({@code null} for a plugin that overrides {@link #name()})
     * @param library the versions it supports, or {@code null} when it does not depend on a library's version
     */
    protected ExactNamePlugin(String name, SupportedLibrary library, String... classNames) {
        this.name = name;
        this.library = library;
        for (String className : classNames) {
            binaryNames.add(className);
            internalNames.add(className.replace('.', '/'));
        }
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public SupportedLibrary library() {
        return library;
    }

    @Override
    public void start(PluginContext context) {
        this.context = context;
    }

    @Override
    public boolean mayTransform(ClassLoader loader, String internalName, byte[] classFile) {
        return internalNames.contains(internalName);
    }

    /** The classes named (a subclass's {@code mayTransform} may refuse some of them, never say yes to others). */
    @Override
    public final Set<String> claimedClasses() {
        return Set.copyOf(internalNames);
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
