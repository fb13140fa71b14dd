package dev.intentguard.agent.it.retry;

import dev.intentguard.agent.retry.openfeign.OpenFeignPlugin;
import dev.intentguard.agent.testkit.LibraryJars;

import java.util.List;

/** {@link OpenFeignScenarios} on the newest OpenFeign the plugin supports (13.13). */
class OpenFeignIT extends OpenFeignScenarios {
    @Override
    List<String> lib() {
        return LibraryJars.newest(new OpenFeignPlugin().library());
    }
}
