package dev.intentguard.agent.it.retry;

import dev.intentguard.agent.retry.failsafe.FailsafePlugin;
import dev.intentguard.agent.testkit.LibraryJars;

import java.util.List;

/** {@link FailsafeScenarios} on the oldest Failsafe the plugin supports (3.3.0). */
class FailsafeOldestIT extends FailsafeScenarios {
    @Override
    List<String> lib() {
        return LibraryJars.oldest(new FailsafePlugin().library());
    }
}
