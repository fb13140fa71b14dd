package dev.intentguard.agent.it.http;

import dev.intentguard.agent.testkit.LibraryJars;
import java.util.List;

/** {@link OkHttpScenarios} on OkHttp 5.5 (okhttp-jvm, okio 3.18, Kotlin 2.1 stdlib). */
class OkHttp5IT extends OkHttpScenarios {
    @Override
    List<String> lib() {
        return LibraryJars.of("com.squareup.okhttp3:okhttp-jvm:5.5.1");
    }
}
