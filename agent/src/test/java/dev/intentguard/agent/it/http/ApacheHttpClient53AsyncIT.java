package dev.intentguard.agent.it.http;

import java.util.List;

/** {@link ApacheAsyncScenarios} on the oldest HttpClient 5 the plugin supports (5.3.1, httpcore5 5.2.4). */
class ApacheHttpClient53AsyncIT extends ApacheAsyncScenarios {
    @Override
    List<String> lib() {
        return ApacheHttpClient53IT.OLDEST;
    }
}
