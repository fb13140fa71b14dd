package dev.intentguard.agent.it.http;

import dev.intentguard.agent.testkit.LibraryJars;
import java.util.List;

/** {@link ApacheAsyncScenarios} on HttpClient 5.4 (httpclient5 5.4.4, httpcore5 5.3.4). */
class ApacheHttpClient54AsyncIT extends ApacheAsyncScenarios {
    @Override
    List<String> lib() {
        return ApacheHttpClient54IT.APACHE54;
    }
}
