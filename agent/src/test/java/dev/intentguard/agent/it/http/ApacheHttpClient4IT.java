package dev.intentguard.agent.it.http;

import dev.intentguard.agent.http.apache4.ApacheHttpClient4Plugin;
import dev.intentguard.agent.testkit.LibraryJars;
import java.util.List;

/** {@link Apache4Scenarios} on HttpClient 4.5.14 (httpcore 4.4.16), the newest supported. */
class ApacheHttpClient4IT extends Apache4Scenarios {
    @Override
    List<String> lib() {
        return LibraryJars.newest(new ApacheHttpClient4Plugin().library());
    }
}
