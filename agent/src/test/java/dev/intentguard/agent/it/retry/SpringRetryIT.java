package dev.intentguard.agent.it.retry;

import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.LibraryJars;
import dev.intentguard.agent.testkit.RawHttpServer;
import dev.intentguard.it.retry.SpringRetryTools;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static dev.intentguard.agent.it.retry.RetryWorld.PENDING;
import static dev.intentguard.agent.it.retry.RetryWorld.assertAllCarryTheIntentKey;
import static dev.intentguard.agent.it.retry.RetryWorld.assertStartsWith;
import static dev.intentguard.agent.it.retry.RetryWorld.logLines;
import static dev.intentguard.agent.it.retry.RetryWorld.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Spring Retry 2.0.13 (3 attempts) with a {@code RetryTemplate} and with {@code @Retryable} beans of a Spring
 * 6.2 context, in both places: inside the tool around a provider call that times out (stopped once the outcome
 * is unknown) and around the tool (each retry answered from the intent map). One request with the agent, three
 * without.
 */
class SpringRetryIT {
    static final String APP = SpringRetryTools.class.getName();
    static final List<String> LIBS = LibraryJars.of("org.springframework.retry:spring-retry:2.0.13",
            "org.springframework:spring-context:6.2.19", "org.aspectj:aspectjweaver:1.9.24");
    static final String TOOLS = "tools:\n"
            + "  - name: spring_template\n    method: dev.intentguard.it.retry.SpringRetryTools#refundWithTemplate\n    effect: side_effect\n"
            + "  - name: spring_retryable\n    method: dev.intentguard.it.retry.SpringRetryTools#refundWithRetryable\n    effect: side_effect\n"
            + "  - name: spring_typed\n    method: dev.intentguard.it.retry.SpringRetryTools#refundTyped\n    effect: side_effect\n"
            + "  - name: spring_bean_typed\n    method: dev.intentguard.it.retry.SpringRetryTools$RetryingRefunds#refundTyped\n"
            + "    effect: side_effect\n";

    @TempDir
    Path dir;
    RetryWorld world;

    @BeforeEach
    void setUp() throws Exception {
        world = new RetryWorld(dir).config("  hosts: [127.0.0.1]\n  client-retries: suppress", TOOLS);
    }

    @AfterEach
    void tearDown() {
        world.close();
    }

    @Test
    void aRetryInsideTheToolStopsOnceTheOutcomeIsUnknown() throws Exception {
        ForkedJvm.Result r = run(world.host(APP, LIBS, "template|T1|/slow/template", "retryable|R1|/slow/retryable",
                "template|T1|/slow/template", "plain|P1|/slow/outside"));
        List<String> template = r.lines("RESULT template ");
        assertEquals(2, template.size(), r.toString());
        assertStartsWith(PENDING, template.get(0), r);
        assertStartsWith(PENDING, template.get(1), r);
        assertStartsWith(PENDING, r.lines("RESULT retryable ").get(0), r);
        List<RawHttpServer.Request> viaTemplate = world.requests("POST", "/slow/template");
        assertEquals(1, viaTemplate.size(), "RetryTemplate's next attempts do not send: " + viaTemplate + "\n" + r);
        assertAllCarryTheIntentKey(viaTemplate, r, "spring_template");
        List<RawHttpServer.Request> viaRetryable = world.requests("POST", "/slow/retryable");
        assertEquals(1, viaRetryable.size(), "@Retryable's next attempts do not send: " + viaRetryable + "\n" + r);
        assertAllCarryTheIntentKey(viaRetryable, r, "spring_retryable");
        assertEquals(1, logLines(r, "stopped a retry by spring-retry in spring_template (a retry after SocketTimeoutException"), r.stderr);
        assertEquals(1, logLines(r, "stopped a retry by spring-retry in spring_retryable (a retry after SocketTimeoutException"), r.stderr);
        assertEquals(3, world.requests("POST", "/slow/outside").size(), "outside a tool the template retries as configured");

        ForkedJvm.Result without = run(world.hostWithoutAgent(APP, LIBS, "template|T1|/slow/plain-template",
                "retryable|R1|/slow/plain-retryable"));
        assertEquals(1, without.lines("THROWN template java.net.SocketTimeoutException").size(), without.toString());
        assertEquals(1, without.lines("THROWN retryable java.net.SocketTimeoutException").size(), without.toString());
        assertEquals(3, world.requests("POST", "/slow/plain-template").size(), "without the agent: three refunds sent");
        assertEquals(3, world.requests("POST", "/slow/plain-retryable").size(), "without the agent: three refunds sent");
    }

    @Test
    void aRetryAroundTheToolIsAnsweredFromTheIntentMap() throws Exception {
        ForkedJvm.Result r = run(world.host(APP, LIBS, "around-template|A1|/slow/around-template",
                "around-retryable|A2|/slow/around-retryable"));
        assertEquals(List.of("invocations=3 thrown=dev.intentguard.api.OutcomeUnknownException"), r.lines("RESULT around-template "),
                "the template retries the agent's OutcomeUnknownException; the retries do not run the body:\n" + r);
        assertEquals(List.of("failures=3 thrown=dev.intentguard.api.OutcomeUnknownException"), r.lines("RESULT around-retryable "),
                r.toString());
        assertEquals(1, world.requests("POST", "/slow/around-template").size(), r.toString());
        assertEquals(1, world.requests("POST", "/slow/around-retryable").size(), r.toString());
        assertAllCarryTheIntentKey(world.requests("POST", "/slow/around-template"), r, "spring_typed");
        assertEquals(2, logLines(r, "pending_unknown tool=spring_typed", "(body not run)"), r.stderr);
        assertEquals(2, logLines(r, "pending_unknown tool=spring_bean_typed", "(body not run)"), r.stderr);
        assertEquals(2, logLines(r, "spring-retry calls spring_typed again after the agent answered pending_unknown"), r.stderr);
        assertEquals(2, logLines(r, "spring-retry calls spring_bean_typed again after the agent answered pending_unknown"), r.stderr);

        ForkedJvm.Result without = run(world.hostWithoutAgent(APP, LIBS, "around-template|A1|/slow/plain-template",
                "around-retryable|A2|/slow/plain-retryable"));
        assertEquals(List.of("invocations=3 thrown=java.net.SocketTimeoutException"), without.lines("RESULT around-template "),
                without.toString());
        assertEquals(List.of("failures=3 thrown=java.net.SocketTimeoutException"), without.lines("RESULT around-retryable "),
                without.toString());
        assertEquals(3, world.requests("POST", "/slow/plain-template").size());
        assertEquals(3, world.requests("POST", "/slow/plain-retryable").size());
    }

    @Test
    void afterADefiniteFailureTheRetryGoesAheadWithTheSameKey() throws Exception {
        ForkedJvm.Result r = run(world.host(APP, LIBS, "template|D1|/reject-once/template", "retryable|D2|/reject-once/retryable"));
        assertEquals(1, r.lines("RESULT template {\"id\"").size(), r.toString());
        assertEquals(1, r.lines("RESULT retryable {\"id\"").size(), r.toString());
        List<RawHttpServer.Request> template = world.requests("POST", "/reject-once/template");
        assertEquals(2, template.size(), "a 400 proves nothing happened: the template tries again " + template + "\n" + r);
        assertAllCarryTheIntentKey(template, r, "spring_template");
        assertAllCarryTheIntentKey(world.requests("POST", "/reject-once/retryable"), r, "spring_retryable");
        assertEquals(2, world.requests("POST", "/reject-once/retryable").size(), r.toString());
        assertTrue(!r.stderr.contains("stopped a retry"), r.stderr);
    }
}
