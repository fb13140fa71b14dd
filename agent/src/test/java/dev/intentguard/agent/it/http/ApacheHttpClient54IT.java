package dev.intentguard.agent.it.http;

import dev.intentguard.agent.testkit.LibraryJars;
import java.util.List;

/** {@link ApacheClassicScenarios} on HttpClient 5.4 (httpclient5 5.4.4, httpcore5 5.3.4). */
class ApacheHttpClient54IT extends ApacheClassicScenarios {
    /** HttpClient 5.4 (httpcore 5.3), the oldest 5.x tested. */
    static final List<String> APACHE54 = LibraryJars.of("org.apache.httpcomponents.client5:httpclient5:5.4.4");

    @Override
    List<String> lib() {
        return APACHE54;
    }
}
