package dev.intentguard.agent.it.http;

/** {@link ApacheClassicScenarios} on HttpClient 5.6 (httpclient5 5.6.5, httpcore5 5.4.4). */
class ApacheHttpClient5IT extends ApacheClassicScenarios {
    @Override
    String lib() {
        return "apache5";
    }
}
