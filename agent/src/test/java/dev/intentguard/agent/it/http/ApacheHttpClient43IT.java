package dev.intentguard.agent.it.http;

import dev.intentguard.agent.http.apache4.ApacheHttpClient4Plugin;
import dev.intentguard.agent.testkit.LibraryJars;
import java.util.List;

/** {@link Apache4Scenarios} on HttpClient 4.3.6 (httpcore 4.3.3), the oldest supported. */
class ApacheHttpClient43IT extends Apache4Scenarios {
    @Override
    List<String> lib() {
        return LibraryJars.oldest(new ApacheHttpClient4Plugin().library());
    }
}
