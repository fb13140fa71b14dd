package dev.intentguard.agent.it.http;

/** {@link ApacheAsyncScenarios} on HttpClient 5.4 (httpclient5 5.4.4, httpcore5 5.3.4). */
class ApacheHttpClient54AsyncIT extends ApacheAsyncScenarios {
    @Override
    String lib() {
        return "apache54";
    }
}
