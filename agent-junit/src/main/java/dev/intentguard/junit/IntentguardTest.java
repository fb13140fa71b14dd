package dev.intentguard.junit;

import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs a test class with intentguard loaded into the test JVM (see {@link IntentguardExtension}): each test gets a
 * fresh intent store and may take a {@link FaultyProvider} and the {@link GuardedCalls} as parameters. The tests of
 * a JVM share one agent and one store, emptied before each test: run them one at a time (JUnit's default), not with
 * JUnit's parallel execution.
 *
 * <pre>{@code
 * @IntentguardTest(config = "src/test/resources/intentguard.yaml")
 * class RefundSmokeTest {
 *     @Test
 *     void refundThenDidItGoThrough(FaultyProvider provider, GuardedCalls calls) { ... }
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
@ExtendWith(IntentguardExtension.class)
public @interface IntentguardTest {
    /**
     * The intentguard config the tools are guarded by: a file (relative to the working directory, Maven's module
     * folder) or a class-path resource. Its {@code store:} is replaced by a store of the kit's own. Empty: the config
     * the agent was started with ({@code -javaagent:...=config=...,test-kit=DIR} in Surefire's {@code argLine}).
     * One JVM takes one config: test classes with another need a JVM of their own.
     */
    String config() default "";
}
