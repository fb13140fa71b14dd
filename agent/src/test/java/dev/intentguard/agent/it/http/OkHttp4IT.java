package dev.intentguard.agent.it.http;

/** {@link OkHttpScenarios} on OkHttp 4.12 (okhttp, okio 3.6, Kotlin 1.9 stdlib). */
class OkHttp4IT extends OkHttpScenarios {
    @Override
    String lib() {
        return "okhttp4";
    }
}
