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
 * twilio-java's own retries ({@code HttpClient.reliableRequest}: 3 attempts on a 5xx, any method) inside a side_effect
 * tool that texts the customer, against a provider that answers 500 after sending the text: 3 texts without the
 * agent, 1 with it, carrying the intent key, and the tool ends {@code pending_unknown}. The host app is compiled here
 * against the version under test ({@link TwilioIT}: the newest the plugin supports, over Apache HttpClient 5;
 * {@link TwilioOldestIT}: the oldest, over Apache HttpClient 4).
 */
abstract class TwilioScenarios extends CompiledHostScenarios {
    static final String APP = "dev.intentguard.it.retry.TwilioTools";
    static final String TOOL = "text_refund";
    static final String TOOLS = "tools:\n  - name: " + TOOL + "\n    method: " + APP + "#textRefund\n    effect: side_effect\n";
    static final String SENT = "{\"sid\":\"SM1\",\"status\":\"queued\",\"body\":\"refund\"}";

    TwilioScenarios() {
        super(APP, TOOLS, SENT);
    }

    /** The jars of the twilio-java version under test. */
    abstract List<String> lib();

    private List<RawHttpServer.Request> texts(String base) {
        return world.requests("POST", base + "/2010-04-01/Accounts/ACtest/Messages.json");
    }

    @Test
    void aServerErrorAfterTheTextIsNotRetriedInsideAToolButIsOutsideIt() throws Exception {
        ForkedJvm.Result without = run(world.hostWithoutAgent(APP, classPath, "tool|T1|/err500/plain"));
        assertEquals(List.of("{\"sid\":\"SM1\"}"), without.lines("RESULT tool "), without.toString());
        assertEquals(3, texts("/err500/plain").size(), "without the agent: two 500s, then the text: three texts sent");

        ForkedJvm.Result r = run(world.host(APP, classPath, "tool|T1|/err500/agent", "tool|T1|/err500/agent",
                "plain|T2|/err500/outside"));
        List<String> results = r.lines("RESULT tool ");
        assertEquals(2, results.size(), r.toString());
        assertStartsWith(PENDING, results.get(0), r);
        assertStartsWith(PENDING, results.get(1), r);
        List<RawHttpServer.Request> agent = texts("/err500/agent");
        assertEquals(1, agent.size(), "one text, none for the repeat: " + agent + "\n" + r);
        assertAllCarryTheIntentKey(agent, r, TOOL);
        assertEquals(1, logLines(r, "suppressed a resend by twilio-java in " + TOOL + " (reliableRequest retry after HTTP 500)"),
                r.stderr);
        assertEquals(List.of("twilio-java"), world.journalStopped(TOOL), "the journal attributes the stopped retry");
        assertEquals(3, texts("/err500/outside").size(), "outside a tool Twilio retries as it does");
        assertEquals(List.of("{\"sid\":\"SM1\"}"), r.lines("RESULT plain "), r.toString());
    }

    @Test
    void sameKeyModeLetsTwilioRetryWithTheIntentKey() throws Exception {
        world.config("  hosts: [127.0.0.1]\n  client-retries: same-key", TOOLS);
        ForkedJvm.Result r = run(world.host(APP, classPath, "tool|S1|/err500/same"));
        assertEquals(List.of("{\"sid\":\"SM1\"}"), r.lines("RESULT tool "), r.toString());
        List<RawHttpServer.Request> same = texts("/err500/same");
        assertEquals(3, same.size(), same + "\n" + r);
        assertAllCarryTheIntentKey(same, r, TOOL);
        assertFalse(r.stderr.contains("suppressed a resend"), r.stderr);
    }
}
