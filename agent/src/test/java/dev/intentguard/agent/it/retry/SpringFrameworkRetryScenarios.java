package dev.intentguard.agent.it.retry;

import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.RawHttpServer;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.intentguard.agent.it.retry.RetryWorld.PENDING;
import static dev.intentguard.agent.it.retry.RetryWorld.assertAllCarryTheIntentKey;
import static dev.intentguard.agent.it.retry.RetryWorld.assertStartsWith;
import static dev.intentguard.agent.it.retry.RetryWorld.logLines;
import static dev.intentguard.agent.it.retry.RetryWorld.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Spring Framework 7's own retry ({@code org.springframework.core.retry}: a {@code RetryTemplate} and a
 * {@code @Retryable} bean, 2 retries) inside side_effect tools, against a provider slower than the read timeout: 3
 * POSTs without the agent, 1 with it (the retry/springcore plugin answers the policy's {@code shouldRetry} with
 * {@code false} once the outcome is unknown). The host app is compiled here against the Spring version under test
 * (the agent's test class path has Spring 6); run on the oldest and the newest supported version
 * ({@link SpringFrameworkRetryOldestIT}: 7.0.0, {@link SpringFrameworkRetryIT}: 7.0.10).
 */
abstract class SpringFrameworkRetryScenarios extends CompiledHostScenarios {
    static final String APP = "dev.intentguard.it.retry.SpringFrameworkRetryTools";
    static final String TOOLS = "tools:\n"
            + "  - name: sf_template\n    method: " + APP + "#refundWithTemplate\n    effect: side_effect\n"
            + "  - name: sf_retryable\n    method: " + APP + "#refundWithRetryable\n    effect: side_effect\n";

    SpringFrameworkRetryScenarios() {
        super(APP, TOOLS, null);
    }

    /** The jars of the Spring version under test. */
    abstract List<String> lib();

    @Test
    void aRetryInsideTheToolStopsOnceTheOutcomeIsUnknown() throws Exception {
        ForkedJvm.Result without = run(world.hostWithoutAgent(APP, classPath, "template|T1|/slow/plain-template",
                "retryable|R1|/slow/plain-retryable"));
        assertEquals(3, world.requests("POST", "/slow/plain-template").size(), "without the agent: three refunds\n" + without);
        assertEquals(3, world.requests("POST", "/slow/plain-retryable").size(), "without the agent: three refunds\n" + without);

        ForkedJvm.Result r = run(world.host(APP, classPath, "template|T1|/slow/template", "retryable|R1|/slow/retryable",
                "plain|P1|/slow/outside"));
        assertStartsWith(PENDING, r.lines("RESULT template ").get(0), r);
        assertStartsWith(PENDING, r.lines("RESULT retryable ").get(0), r);
        List<RawHttpServer.Request> template = world.requests("POST", "/slow/template");
        assertEquals(1, template.size(), "the template's retries are not made: " + template + "\n" + r);
        assertAllCarryTheIntentKey(template, r, "sf_template");
        List<RawHttpServer.Request> retryable = world.requests("POST", "/slow/retryable");
        assertEquals(1, retryable.size(), "@Retryable's retries are not made: " + retryable + "\n" + r);
        assertAllCarryTheIntentKey(retryable, r, "sf_retryable");
        assertEquals(1, logLines(r, "stopped a retry by spring-framework-retry in sf_template (a retry after"), r.stderr);
        assertEquals(1, logLines(r, "stopped a retry by spring-framework-retry in sf_retryable (a retry after"), r.stderr);
        assertFalse(r.stderr.contains("suppressed a resend"), "the policy ended the loop before the HTTP guard had to "
                + "refuse a send\n" + r.stderr);
        assertEquals(3, world.requests("POST", "/slow/outside").size(), "outside a tool the template retries as configured");
    }

    @Test
    void afterADefiniteFailureTheRetryGoesAheadWithTheSameKey() throws Exception {
        ForkedJvm.Result r = run(world.host(APP, classPath, "template|D1|/reject-once/template",
                "retryable|D2|/reject-once/retryable"));
        assertEquals(1, r.lines("RESULT template {\"id\"").size(), r.toString());
        assertEquals(1, r.lines("RESULT retryable {\"id\"").size(), r.toString());
        List<RawHttpServer.Request> template = world.requests("POST", "/reject-once/template");
        assertEquals(2, template.size(), "a 400 proves nothing happened: the template tries again " + template + "\n" + r);
        assertAllCarryTheIntentKey(template, r, "sf_template");
        assertEquals(2, world.requests("POST", "/reject-once/retryable").size(), r.toString());
        assertAllCarryTheIntentKey(world.requests("POST", "/reject-once/retryable"), r, "sf_retryable");
        assertFalse(r.stderr.contains("stopped a retry"), r.stderr);
    }
}
