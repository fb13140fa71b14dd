package dev.intentguard.agent.it.http;

import dev.intentguard.agent.testkit.LibraryJars;
import java.util.List;

/** {@link ApacheClassicScenarios} on HttpClient 5.6 (httpclient5 5.6.5, httpcore5 5.4.4). */
class ApacheHttpClient5IT extends ApacheClassicScenarios {
    static final List<String> APACHE5 = LibraryJars.of("org.apache.httpcomponents.client5:httpclient5:5.6.5");

    @Override
    List<String> lib() {
        return APACHE5;
    }
}
