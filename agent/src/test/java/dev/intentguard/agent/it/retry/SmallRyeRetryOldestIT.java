package dev.intentguard.agent.it.retry;

import dev.intentguard.agent.retry.smallrye.SmallRyeRetryPlugin;
import dev.intentguard.agent.testkit.LibraryJars;

import java.util.List;

/** {@link SmallRyeRetryScenarios} on the oldest SmallRye Fault Tolerance the plugin supports (6.9.0). */
class SmallRyeRetryOldestIT extends SmallRyeRetryScenarios {
    @Override
    List<String> lib() {
        String v = new SmallRyeRetryPlugin().library().oldest();
        return LibraryJars.of("io.smallrye:smallrye-fault-tolerance-standalone:" + v);
    }

    @Override
    List<String> cdiLib() {
        String v = new SmallRyeRetryPlugin().library().oldest();
        return LibraryJars.of("io.smallrye:smallrye-fault-tolerance:" + v, "org.jboss.weld.se:weld-se-core:5.1.7.Final",
                "io.smallrye.config:smallrye-config:3.17.2");
    }
}
