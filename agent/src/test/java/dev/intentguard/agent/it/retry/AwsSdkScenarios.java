package dev.intentguard.agent.it.retry;

import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.RawHttpServer;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static dev.intentguard.agent.it.retry.RetryWorld.PENDING;
import static dev.intentguard.agent.it.retry.RetryWorld.assertAllCarryTheIntentKey;
import static dev.intentguard.agent.it.retry.RetryWorld.assertStartsWith;
import static dev.intentguard.agent.it.retry.RetryWorld.keys;
import static dev.intentguard.agent.it.retry.RetryWorld.logLines;
import static dev.intentguard.agent.it.retry.RetryWorld.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The AWS SDK for Java v2 inside side_effect tools ({@code AwsTools}: SNS {@code Publish} over the Apache, the
 * HttpURLConnection and the async Netty client, and a DynamoDB {@code TransactWriteItems}), against a provider on
 * loopback: without the agent the SDK's standard retry strategy sends the refund notice three times; with it once,
 * carrying the intent key, and the tool ends {@code pending_unknown}. The host app is compiled here against the SDK
 * version under test ({@link AwsSdkIT}: the newest the plugin supports, {@link AwsSdkOldestIT}: the oldest).
 */
abstract class AwsSdkScenarios extends CompiledHostScenarios {
    static final String APP = "dev.intentguard.it.retry.AwsTools";
    static final String TOOLS = "tools:\n"
            + "  - name: sns_notify\n    method: " + APP + "#notifyRefund\n    effect: side_effect\n"
            + "  - name: sns_notify_url\n    method: " + APP + "#notifyRefundUrl\n    effect: side_effect\n"
            + "  - name: sns_notify_async\n    method: " + APP + "#notifyRefundAsync\n    effect: side_effect\n"
            + "  - name: record_refund\n    method: " + APP + "#recordRefund\n    effect: side_effect\n";
    static final String PUBLISHED = "<PublishResponse xmlns=\"http://sns.amazonaws.com/doc/2010-03-31/\"><PublishResult>"
            + "<MessageId>m-1</MessageId></PublishResult><ResponseMetadata><RequestId>r-1</RequestId></ResponseMetadata>"
            + "</PublishResponse>";
    private static final Pattern TOKEN = Pattern.compile("\"ClientRequestToken\"\\s*:\\s*\"([^\"]+)\"");

    AwsSdkScenarios() {
        super(APP, TOOLS, PUBLISHED);
    }

    /** The SDK's jars at the version under test: SNS, DynamoDB and the three HTTP clients ({@link #clients}). */
    abstract List<String> lib();

    /** The service clients and HTTP clients the host app uses, beside sdk-core, at {@code version}. */
    static String[] clients(String version) {
        return Stream.of("sns", "dynamodb", "apache-client", "url-connection-client", "netty-nio-client")
                .map(artifact -> "software.amazon.awssdk:" + artifact + ":" + version).toArray(String[]::new);
    }

    @Test
    void anAmbiguousFailureIsSentOnceOverEachHttpClientAndTheToolEndsPendingUnknown() throws Exception {
        ForkedJvm.Result without = run(world.hostWithoutAgent(APP, classPath, "sync|O1|/err500/plain-sync",
                "url|O2|/slow/plain-url", "async|O3|/err500/plain-async"));
        assertEquals(List.of("{\"id\":\"m-1\"}"), without.lines("RESULT sync "), without.toString());
        assertEquals(3, world.requests("POST", "/err500/plain-sync").size(), "without the agent: two 500s, then the notice");
        // three attempts of the SDK; with 2.30.0 HttpURLConnection resends one of them by itself too
        assertTrue(world.requests("POST", "/slow/plain-url").size() >= 3, "without the agent: three or more timed-out "
                + "notices " + world.requests("POST", "/slow/plain-url") + "\n" + without);
        assertEquals(3, world.requests("POST", "/err500/plain-async").size(), without.toString());
        assertTrue(keys(world.requests("POST", "/err500/plain-sync")).stream().allMatch(Objects::isNull),
                "no key without the agent");

        ForkedJvm.Result r = run(world.host(APP, classPath, "sync|O1|/err500/sync", "url|O2|/slow/url",
                "async|O3|/err500/async", "plain-sync|O4|/err500/outside"));
        assertStartsWith(PENDING, r.lines("RESULT sync ").get(0), r);
        assertStartsWith(PENDING, r.lines("RESULT url ").get(0), r);
        assertStartsWith(PENDING, r.lines("RESULT async ").get(0), r);
        for (String[] tool : new String[][] {{"/err500/sync", "sns_notify", "HTTP 500"},
                {"/slow/url", "sns_notify_url", "SocketTimeoutException"}, {"/err500/async", "sns_notify_async", "HTTP 500"}}) {
            List<RawHttpServer.Request> sent = world.requests("POST", tool[0]);
            assertEquals(1, sent.size(), tool[1] + ": the SDK's retries are not made " + sent + "\n" + r);
            assertAllCarryTheIntentKey(sent, r, tool[1]);
            assertEquals(1, logLines(r, "suppressed a resend by aws-sdk-java-v2 in " + tool[1] + " (SDK retry after " + tool[2]),
                    r.stderr);
            assertEquals(List.of("aws-sdk-java-v2"), world.journalStopped(tool[1]), "the journal attributes the stopped retry");
        }
        List<RawHttpServer.Request> outside = world.requests("POST", "/err500/outside");
        assertEquals(3, outside.size(), "outside a tool the SDK retries as configured: " + outside);
        assertEquals(List.of("{\"id\":\"m-1\"}"), r.lines("RESULT plain-sync "), r.toString());
    }

    @Test
    void sameKeyModeLetsTheSdkRetryEachAttemptCarryingTheKey() throws Exception {
        world.config("  hosts: [127.0.0.1]\n  client-retries: same-key", TOOLS);
        ForkedJvm.Result r = run(world.host(APP, classPath, "async|K1|/err500/same"));
        assertEquals(List.of("{\"id\":\"m-1\"}"), r.lines("RESULT async "), r.toString());
        List<RawHttpServer.Request> same = world.requests("POST", "/err500/same");
        assertEquals(3, same.size(), same + "\n" + r);
        assertAllCarryTheIntentKey(same, r, "sns_notify_async");
        assertFalse(r.stderr.contains("suppressed a resend"), r.stderr);
    }

    @Test
    void aTransactionsClientRequestTokenIsDerivedFromTheIntentSoTheServiceKnowsARepeat() throws Exception {
        world.okBody("{}");
        ForkedJvm.Result without = run(world.hostWithoutAgent(APP, classPath, "record|R1|/ok/plain", "record|R1|/ok/plain"));
        List<String> random = tokens("/ok/plain");
        assertEquals(2, random.size(), without.toString());
        assertNotEquals(random.get(0), random.get(1), "without the agent each call gets a new UUID");

        ForkedJvm.Result first = run(world.host(APP, classPath, "record|R1|/ok/tool", "record|R1|/ok/tool",
                "plain-record|R1|/ok/outside", "plain-record|R1|/ok/outside"));
        assertEquals(List.of("{\"recorded\":\"R1\"}"), first.lines("RESULT record ").subList(0, 1), first.toString());
        assertEquals(1, world.requests("POST", "/ok/tool").size(), "the repeat is answered from the store\n" + first);
        assertAllCarryTheIntentKey(world.requests("POST", "/ok/tool"), first, "record_refund");
        List<String> outside = tokens("/ok/outside");
        assertNotEquals(outside.get(0), outside.get(1), "outside a tool the SDK's own UUIDs");

        deleteStore();   // another replica with a store of its own, or the store lost: only the service can tell
        ForkedJvm.Result again = run(world.host(APP, classPath, "record|R1|/ok/tool"));
        List<String> derived = tokens("/ok/tool");
        assertEquals(2, derived.size(), again.toString());
        assertEquals(derived.get(0), derived.get(1), "the same intent, the same token: " + derived);
        assertTrue(derived.get(0).matches("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"), derived.get(0));
        assertFalse(random.contains(derived.get(0)) || outside.contains(derived.get(0)), derived.toString());
    }

    private List<String> tokens(String path) {
        List<String> tokens = new ArrayList<>();
        for (RawHttpServer.Request request : world.requests("POST", path)) {
            Matcher m = TOKEN.matcher(request.body);
            assertTrue(m.find(), request.body);
            tokens.add(m.group(1));
        }
        assertNotNull(tokens);
        return tokens;
    }

    private void deleteStore() throws Exception {
        try (Stream<Path> files = Files.walk(world.store.getParent())) {
            for (Path p : files.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) {
                Files.delete(p);
            }
        }
    }
}
