package dev.intentguard.agent.it.retry;

import dev.intentguard.agent.retry.azure.AzureRetryPlugin;
import dev.intentguard.agent.testkit.LibraryJars;

import java.util.List;

/** {@link AzureScenarios} on the newest azure-core the plugin supports (1.58.1, with azure-core-http-netty 1.16.5). */
class AzureIT extends AzureScenarios {
    @Override
    List<String> lib() {
        return LibraryJars.newest(new AzureRetryPlugin().library(), "com.azure:azure-core-http-netty:1.16.5");
    }
}
