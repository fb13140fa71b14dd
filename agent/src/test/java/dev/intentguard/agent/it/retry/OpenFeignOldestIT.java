package dev.intentguard.agent.it.retry;

import dev.intentguard.agent.retry.openfeign.OpenFeignPlugin;
import dev.intentguard.agent.testkit.LibraryJars;

import java.util.List;

/** {@link OpenFeignScenarios} on the oldest OpenFeign the plugin supports (10.12). */
class OpenFeignOldestIT extends OpenFeignScenarios {
    @Override
    List<String> lib() {
        return LibraryJars.oldest(new OpenFeignPlugin().library());
    }
}
