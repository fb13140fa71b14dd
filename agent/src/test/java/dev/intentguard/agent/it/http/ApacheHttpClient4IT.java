package dev.intentguard.agent.it.http;

/** {@link Apache4Scenarios} on HttpClient 4.5.14 (httpcore 4.4.16), the newest supported. */
class ApacheHttpClient4IT extends Apache4Scenarios {
    @Override
    String lib() {
        return "apache4";
    }
}
