package dev.intentguard.agent.it.http;

import dev.intentguard.agent.testkit.LibraryJars;
import java.util.List;

/** {@link ApacheAsyncScenarios} on HttpClient 5.6 (httpclient5 5.6.5, httpcore5 5.4.4). */
class ApacheHttpClient5AsyncIT extends ApacheAsyncScenarios {
    @Override
    List<String> lib() {
        return ApacheHttpClient5IT.APACHE5;
    }
}
