package dev.intentguard.agent.it.http;

/** {@link OkHttpScenarios} on OkHttp 5.5 (okhttp-jvm, okio 3.18, Kotlin 2.1 stdlib). */
class OkHttp5IT extends OkHttpScenarios {
    @Override
    String lib() {
        return "okhttp5";
    }
}
