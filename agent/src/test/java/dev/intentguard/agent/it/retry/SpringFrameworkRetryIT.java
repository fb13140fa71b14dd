package dev.intentguard.agent.it.retry;

import dev.intentguard.agent.retry.springcore.SpringCoreRetryPlugin;
import dev.intentguard.agent.testkit.LibraryJars;
import dev.intentguard.agent.weave.SupportedLibrary;

import java.util.List;

/** {@link SpringFrameworkRetryScenarios} on the newest Spring Framework the plugin supports (7.0.10). */
class SpringFrameworkRetryIT extends SpringFrameworkRetryScenarios {
    @Override
    List<String> lib() {
        SupportedLibrary spring = new SpringCoreRetryPlugin().library();
        return LibraryJars.newest(spring, "org.springframework:spring-context:" + spring.newest());
    }
}
