package dev.intentguard.agent.it.http;

import dev.intentguard.agent.http.apache5.ApacheHttpClient5Plugin;
import dev.intentguard.agent.testkit.LibraryJars;

import java.util.List;

/** {@link ApacheClassicScenarios} on the newest HttpClient 5 the plugin supports (5.6.5, httpcore5 5.4.4). */
class ApacheHttpClient5IT extends ApacheClassicScenarios {
    static final List<String> NEWEST = LibraryJars.newest(new ApacheHttpClient5Plugin().library());

    @Override
    List<String> lib() {
        return NEWEST;
    }
}
