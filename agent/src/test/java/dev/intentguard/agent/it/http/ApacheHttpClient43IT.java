package dev.intentguard.agent.it.http;

/** {@link Apache4Scenarios} on HttpClient 4.3.6 (httpcore 4.3.3), the oldest supported. */
class ApacheHttpClient43IT extends Apache4Scenarios {
    @Override
    String lib() {
        return "apache43";
    }
}
