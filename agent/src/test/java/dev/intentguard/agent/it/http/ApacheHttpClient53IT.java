package dev.intentguard.agent.it.http;

import dev.intentguard.agent.http.apache5.ApacheHttpClient5Plugin;
import dev.intentguard.agent.testkit.LibraryJars;

import java.util.List;

/** {@link ApacheClassicScenarios} on the oldest HttpClient 5 the plugin supports (5.3.1, httpcore5 5.2.4). */
class ApacheHttpClient53IT extends ApacheClassicScenarios {
    static final List<String> OLDEST = LibraryJars.oldest(new ApacheHttpClient5Plugin().library());

    @Override
    List<String> lib() {
        return OLDEST;
    }
}
