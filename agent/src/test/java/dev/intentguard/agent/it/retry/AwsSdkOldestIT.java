package dev.intentguard.agent.it.retry;

import dev.intentguard.agent.retry.awssdk.AwsSdkPlugin;
import dev.intentguard.agent.testkit.LibraryJars;

import java.util.List;

/** {@link AwsSdkScenarios} on the oldest AWS SDK for Java v2 the plugin supports (2.30.0). */
class AwsSdkOldestIT extends AwsSdkScenarios {
    @Override
    List<String> lib() {
        return LibraryJars.oldest(new AwsSdkPlugin().library(), clients(new AwsSdkPlugin().library().oldest()));
    }
}
