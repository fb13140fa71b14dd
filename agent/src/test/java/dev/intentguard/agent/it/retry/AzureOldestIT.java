package dev.intentguard.agent.it.retry;

import dev.intentguard.agent.retry.azure.AzureRetryPlugin;
import dev.intentguard.agent.testkit.LibraryJars;

import java.util.List;

/** {@link AzureScenarios} on the oldest azure-core the plugin supports (1.36.0, with azure-core-http-netty 1.13.0). */
class AzureOldestIT extends AzureScenarios {
    @Override
    List<String> lib() {
        return LibraryJars.oldest(new AzureRetryPlugin().library(), "com.azure:azure-core-http-netty:1.13.0");
    }
}
