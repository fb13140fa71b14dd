package dev.intentguard.agent.store;

import java.lang.instrument.Instrumentation;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Grants Chronicle Map the JDK internals it needs, to the agent's own class loader only and without any
 * JVM flag: {@code Add-Opens} in an agent's manifest is ignored, so it is done at run time through
 * {@link Instrumentation#redefineModule}. The host application gains no access it did not have.
 */
public final class ChronicleAccess {
    private ChronicleAccess() {
    }

    public static void grant(Instrumentation instrumentation) {
        Module agent = ChronicleAccess.class.getModule();
        Module base = Object.class.getModule();
        Set<Module> toAgent = Set.of(agent);
        instrumentation.redefineModule(base, Set.of(),
                Map.of("sun.nio.ch", toAgent, "jdk.internal.ref", toAgent, "jdk.internal.misc", toAgent),
                Map.of("java.lang", toAgent, "java.lang.reflect", toAgent, "java.nio", toAgent),
                Set.of(), Map.of());
        Optional<Module> compiler = ModuleLayer.boot().findModule("jdk.compiler");
        if (compiler.isPresent()) {                      // not ifPresent: premain runs this, and a lambda is spun then
            instrumentation.redefineModule(compiler.get(), Set.of(),
                    Map.of("com.sun.tools.javac.file", toAgent), Map.of(), Set.of(), Map.of());
        }
    }
}
