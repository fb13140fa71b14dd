package dev.intentguard.agent.boot;

import java.io.File;
import java.net.URISyntaxException;
import java.security.CodeSource;

/** Where the agent jar is, and the loader for what is inside it. */
final class AgentJar {
    private AgentJar() {
    }

    static File locate() {
        CodeSource source = AgentJar.class.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            throw new IllegalStateException("cannot tell where the intentguard agent jar is");
        }
        try {
            return new File(source.getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot tell where the intentguard agent jar is: " + source.getLocation(), e);
        }
    }

    static ClassLoader isolatedLoader(File jar, ClassLoader bridgeLoader) throws java.io.IOException {
        return new IsolatedClassLoader(jar, ClassLoader.getPlatformClassLoader(), bridgeLoader);
    }
}
