package dev.intentguard.agent.it.retry;

import dev.intentguard.agent.testkit.CompiledInTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

/**
 * What the retry scenarios share whose host app is compiled in the test (a library the agent's own test class path
 * cannot hold): a world per test, configured with the scenario's tools under {@code client-retries: suppress}; the host
 * compiled against the library version under test, once per test JVM; the world closed after each test.
 */
abstract class CompiledHostScenarios {
    @TempDir
    Path dir;
    RetryWorld world;
    /** The compiled host app's classes, then the library's jars. */
    List<String> classPath;

    private final String app;
    private final String tools;
    private final String okBody;

    /**
     * @param app the host app: a source under {@code src/test/resources/compiled-in-tests}, by class name
     * @param tools the config's {@code tools:} section
     * @param okBody the body of the provider's 200 answers, or {@code null} for its default
     */
    CompiledHostScenarios(String app, String tools, String okBody) {
        this.app = app;
        this.tools = tools;
        this.okBody = okBody;
    }

    /** The library's jars at the version under test. */
    abstract List<String> lib();

    @BeforeEach
    void setUpWorld() throws Exception {
        world = new RetryWorld(dir).okBody(okBody).config("  hosts: [127.0.0.1]\n  client-retries: suppress", tools);
        classPath = CompiledInTest.hostClassPath(app, lib());
    }

    @AfterEach
    void closeWorld() {
        world.close();
    }
}
