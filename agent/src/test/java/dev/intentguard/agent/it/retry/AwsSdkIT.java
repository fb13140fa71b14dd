package dev.intentguard.agent.it.retry;

import dev.intentguard.agent.retry.awssdk.AwsSdkPlugin;
import dev.intentguard.agent.testkit.LibraryJars;

import java.util.List;

/** {@link AwsSdkScenarios} on the newest AWS SDK for Java v2 the plugin supports (2.59.1). */
class AwsSdkIT extends AwsSdkScenarios {
    @Override
    List<String> lib() {
        return LibraryJars.newest(new AwsSdkPlugin().library(), clients(new AwsSdkPlugin().library().newest()));
    }
}
