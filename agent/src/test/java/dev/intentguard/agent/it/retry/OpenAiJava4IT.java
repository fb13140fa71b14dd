package dev.intentguard.agent.it.retry;

import dev.intentguard.agent.testkit.LibraryJars;
import java.util.List;

/**
 * {@link StainlessScenarios} on openai-java 4.101.0, the current major (the same host app, compiled against
 * 3.7.1): its {@code RetryingHttpClient} moved the loop into private {@code executeInternal}, behind the same
 * {@code execute}/{@code executeAsync} and {@code shouldRetry} methods.
 */
class OpenAiJava4IT extends OpenAiJavaIT {
    @Override
    List<String> lib() {
        return LibraryJars.of("com.openai:openai-java:4.101.0");
    }
}
