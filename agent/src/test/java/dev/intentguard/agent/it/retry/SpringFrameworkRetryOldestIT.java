package dev.intentguard.agent.it.retry;

import dev.intentguard.agent.retry.springcore.SpringCoreRetryPlugin;
import dev.intentguard.agent.testkit.LibraryJars;

import java.util.List;

/** {@link SpringFrameworkRetryScenarios} on the oldest Spring Framework the plugin supports (7.0.0). */
class SpringFrameworkRetryOldestIT extends SpringFrameworkRetryScenarios {
    @Override
    List<String> lib() {
        return LibraryJars.oldest(new SpringCoreRetryPlugin().library(), "org.springframework:spring-context:7.0.0");
    }
}
