package dev.intentguard.agent.it.http;

import java.util.List;

/** {@link ApacheAsyncScenarios} on the newest HttpClient 5 the plugin supports (5.6.5, httpcore5 5.4.4). */
class ApacheHttpClient5AsyncIT extends ApacheAsyncScenarios {
    @Override
    List<String> lib() {
        return ApacheHttpClient5IT.NEWEST;
    }
}
