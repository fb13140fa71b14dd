package dev.intentguard.agent.it.http;

import dev.intentguard.agent.http.okhttp.OkHttpPlugin;
import dev.intentguard.agent.testkit.LibraryJars;

import java.util.List;

/** {@link OkHttpScenarios} on the oldest OkHttp the plugin supports (4.12: okhttp, okio 3.6, Kotlin 1.9 stdlib). */
public class OkHttp4IT extends OkHttpScenarios {
    /** The oldest supported OkHttp (also the client the verdict and audit tests use). */
    public static final List<String> OKHTTP4 = LibraryJars.oldest(new OkHttpPlugin().library());

    @Override
    List<String> lib() {
        return OKHTTP4;
    }
}
