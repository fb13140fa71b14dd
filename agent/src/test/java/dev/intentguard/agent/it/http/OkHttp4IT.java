package dev.intentguard.agent.it.http;

import dev.intentguard.agent.testkit.LibraryJars;
import java.util.List;

/** {@link OkHttpScenarios} on OkHttp 4.12 (okhttp, okio 3.6, Kotlin 1.9 stdlib). */
public class OkHttp4IT extends OkHttpScenarios {
    /** OkHttp 4.12.0 (also the client the verdict and audit tests use). */
    public static final List<String> OKHTTP4 = LibraryJars.of("com.squareup.okhttp3:okhttp:4.12.0");

    @Override
    List<String> lib() {
        return OKHTTP4;
    }
}
