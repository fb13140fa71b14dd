package dev.intentguard.agent.it.http;

import dev.intentguard.agent.http.okhttp.OkHttpPlugin;
import dev.intentguard.agent.testkit.LibraryJars;

import java.util.List;

/**
 * {@link OkHttpScenarios} on the newest OkHttp the plugin supports (5.5: okio 3.18, Kotlin 2.1 stdlib). For Maven,
 * OkHttp 5's JVM jar is {@code okhttp-jvm} ({@code okhttp} itself is Kotlin multiplatform metadata).
 */
class OkHttp5IT extends OkHttpScenarios {
    @Override
    List<String> lib() {
        return LibraryJars.of("com.squareup.okhttp3:okhttp-jvm:" + new OkHttpPlugin().library().newest());
    }
}
