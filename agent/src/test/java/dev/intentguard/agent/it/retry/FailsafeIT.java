package dev.intentguard.agent.it.retry;

import dev.intentguard.agent.retry.failsafe.FailsafePlugin;
import dev.intentguard.agent.testkit.LibraryJars;

import java.util.List;

/** {@link FailsafeScenarios} on the newest Failsafe the plugin supports (3.3.2). */
class FailsafeIT extends FailsafeScenarios {
    @Override
    List<String> lib() {
        return LibraryJars.newest(new FailsafePlugin().library());
    }
}
