package dev.intentguard.agent.it.http;

/** {@link ApacheAsyncScenarios} on HttpClient 5.6 (httpclient5 5.6.5, httpcore5 5.4.4). */
class ApacheHttpClient5AsyncIT extends ApacheAsyncScenarios {
    @Override
    String lib() {
        return "apache5";
    }
}
