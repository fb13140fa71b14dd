package dev.intentguard.agent.it.http;

/** {@link ApacheClassicScenarios} on HttpClient 5.4 (httpclient5 5.4.4, httpcore5 5.3.4). */
class ApacheHttpClient54IT extends ApacheClassicScenarios {
    @Override
    String lib() {
        return "apache54";
    }
}
