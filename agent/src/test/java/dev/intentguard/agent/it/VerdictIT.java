package dev.intentguard.agent.it;

import dev.intentguard.agent.testkit.AgentFixture;
import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.LibraryJars;
import dev.intentguard.agent.testkit.RawHttpServer.Behavior;
import dev.intentguard.agent.testkit.RawHttpServer;
import dev.intentguard.it.verdict.VerdictApp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The verdict is never wrong in the unsafe direction: the ten ways a landed agent duplicated an effect or told the
 * model something false (issue 12), each in forked JVMs with the shipped jar against a loopback provider that counts
 * what it received, with the baseline without the agent where there is one. The tools are
 * {@code dev.intentguard.it.verdict.VerdictTools}.
 */
class VerdictIT {
    /** HttpClient 4 (with its plugin off: a client the agent does not follow) and Reactor, for the async cases. */
    static final List<String> LIBS = LibraryJars.of("org.apache.httpcomponents:httpclient:4.5.14", "io.projectreactor:reactor-core:3.8.7");

    private static final String APP = VerdictApp.class.getName();
    private static final String TOOLS = "dev.intentguard.it.verdict.VerdictTools#";
    private static final String PENDING = "{\"status\":\"pending_unknown\"";
    private static final String ALREADY_DONE = "{\"status\":\"already_done\"";

    @TempDir
    Path dir;
    RawHttpServer provider;
    Path config;

    @BeforeEach
    void setUp() throws IOException {
        provider = new RawHttpServer();
        config = dir.resolve("intentguard.yaml");
        config("");
    }

    @AfterEach
    void tearDown() {
        provider.close();
    }

    /**
     * Every verdict tool, side_effect, then {@code extra} (top-level sections). Apache HttpClient 4 stands for a client
     * the agent does not follow (an SDK's own transport), so its plugin is off here.
     */
    private void config(String extra) throws IOException {
        StringBuilder b = new StringBuilder("store:\n  path: ").append(dir.resolve("store").resolve("intents.dat"))
                .append("\n  max-intents: 10000\n  in-flight-wait: 5s\n").append("plugins:\n  httpclient4: off\n")
                .append(extra).append("tools:\n");
        tool(b, "refund_by_request", "refundByRequest", "key: [request.orderId]");
        tool(b, "refund_generated", "refundGenerated", "key: [request.orderId]");
        tool(b, "refund_opaque", "refundOpaque", "key: [request.orderId]");
        for (String m : new String[] {"chargeWithRetry", "settleWithApache4", "settleThenMail", "chargeOnThread", "chargeAndHold",
                "chargeLater", "hucCharge", "shipAndNotify", "jdkCharge", "chargeRedirected", "chargeFollowingRedirects",
                "refundItems"}) {
            tool(b, m.replaceAll("([A-Z])", "_$1").toLowerCase(java.util.Locale.ROOT), m, null);
        }
        tool(b, "refund_checked", "refundChecked", "check: findRefund");
        tool(b, "refund_listed", "refundListed", "check: listRefunds");
        Files.writeString(config, b.toString(), StandardCharsets.UTF_8);
    }

    private static void tool(StringBuilder b, String name, String method, String line) {
        b.append("  - name: ").append(name).append("\n    method: ").append(TOOLS).append(method)
                .append("\n    effect: side_effect\n");
        if (line != null) {
            b.append("    ").append(line).append('\n');
        }
    }

    private ForkedJvm host(String... script) throws IOException {
        return ForkedJvm.main(APP, script).agent("config=" + config).classPath(classPath())
                .property("provider.url", provider.url()).workDir(dir.resolve("work"));
    }

    private ForkedJvm withoutAgent(String... script) throws IOException {
        return ForkedJvm.main(APP, script).classPath(classPath())
                .property("provider.url", provider.url()).workDir(dir.resolve("work"));
    }

    private static List<String> classPath() throws IOException {
        List<String> cp = new ArrayList<>(List.of(ForkedJvm.testClasses()));
        cp.addAll(LIBS);
        return cp;
    }

    private List<RawHttpServer.Request> posts(String path) {
        return provider.requests("POST", path);
    }

    private static List<String> keys(List<RawHttpServer.Request> requests) {
        return requests.stream().map(r -> r.header("Idempotency-Key")).collect(Collectors.toList());
    }

    private static int deadPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    // --- 1

    @Test
    void aValueClassIsKeyedByItsAccessorsAndAKeyThatReadsNothingIsRefused() throws Exception {
        String[] four = {"refundByRequest|A|4900", "refundByRequest|B|4900", "refundByRequest|C|4900", "refundByRequest|D|4900"};
        withoutAgent(four).run(60);
        assertEquals(4, posts("/refunds").size(), "baseline: four orders, four refunds");

        List<String> script = new ArrayList<>(List.of(four));
        script.addAll(List.of("refundByRequest|A|4900", "refundGenerated|E", "refundGenerated|F", "refundGenerated|E"));
        ForkedJvm.Result r = host(script.toArray(new String[0])).run(60);
        List<RawHttpServer.Request> withAgent = posts("/refunds").subList(4, posts("/refunds").size());
        assertEquals(6, withAgent.size(), "four orders and two generated ones are six intents\n" + r);
        assertEquals(6, new HashSet<>(keys(withAgent)).size(), "each with its own key: " + keys(withAgent));
        assertTrue(r.lines("RESULT refundByRequest ").get(4).startsWith(ALREADY_DONE), r.toString());
        assertTrue(r.lines("RESULT refundGenerated ").get(2).startsWith(ALREADY_DONE), r.toString());
        assertTrue(r.lines("RESULT refundByRequest ").get(1).startsWith("200 "), "B is not answered with A's result\n" + r);

        ForkedJvm.Result opaque = host("refundOpaque|X", "refundOpaque|Y").run(60);
        assertTrue(opaque.stderr.contains("refund_opaque (dev.intentguard.it.verdict.VerdictTools#refundOpaque(OpaqueRequest)): "
                + "key request.orderId names no property orderId the agent can read in OpaqueRequest"), opaque.stderr);
        List<RawHttpServer.Request> unkeyed = posts("/refunds").subList(10, posts("/refunds").size());
        assertEquals(2, unkeyed.size(), "refused at binding: it runs unguarded (fail-open), never as one intent\n" + opaque);
        assertNull(unkeyed.get(0).header("Idempotency-Key"));

        ForkedJvm.Result check = ForkedJvm.main("-jar", ForkedJvm.agentJar().toString(), "check", config.toString(),
                "--classpath", String.join(java.io.File.pathSeparator, classPath())).workDir(dir.resolve("cli")).run(60);
        assertEquals(1, check.exitCode, check.toString());
        assertTrue(check.stderr.contains("key request.orderId names no property orderId the agent can read in OpaqueRequest"),
                check.toString());
        assertFalse(check.stderr.contains("refundByRequest(RefundRequest)): key"), "a value class with accessors is fine\n" + check);
        assertFalse(check.stderr.contains("refundGenerated(GeneratedRequest)): key"), "an AutoValue-like class too\n" + check);
    }

    // --- 2

    @Test
    void anAttemptThatMayHaveBeenProcessedIsNotForgottenWhenALaterOneIsRefused() throws Exception {
        AtomicInteger seen = new AtomicInteger();
        provider.behave(req -> seen.incrementAndGet() == 1 ? Behavior.respond(200).after(2500)
                : Behavior.respond(400).body("{\"error\":\"already charged\"}"));
        withoutAgent("chargeWithRetry|A1").property("provider.timeout.ms", 500).run(60);
        assertEquals(2, posts("/charges").size(), "baseline: the hand-written loop sends twice");
        provider.clear();                       // the server counted each request on arrival: its late answer changes nothing
        seen.set(0);

        ForkedJvm.Result r = host("chargeWithRetry|A1", "chargeWithRetry|A1").property("provider.timeout.ms", 500).run(60);
        assertEquals(List.of(PENDING, PENDING), r.lines("RESULT chargeWithRetry ").stream().map(l -> l.substring(0, PENDING.length()))
                .collect(Collectors.toList()), r.toString());
        assertEquals(1, posts("/charges").size(), "the loop's second send repeats an unknown outcome: not sent\n" + r);
        assertTrue(r.stderr.contains("suppressed a resend in charge_with_retry (sent again by the application or a library "
                + "when its outcome is unknown)"), r.stderr);

        provider.clear();
        seen.set(0);
        config("http:\n  client-retries: same-key\n");
        ForkedJvm.Result sameKey = host("chargeWithRetry|B1", "chargeWithRetry|B1").property("provider.timeout.ms", 500).run(60);
        assertEquals(2, posts("/charges").size(), "same-key: the loop's two sends, the repeat none\n" + sameKey);
        assertEquals(keys(posts("/charges")).get(0), keys(posts("/charges")).get(1), "one key on both");
        assertEquals(2, sameKey.lines("RESULT chargeWithRetry " + PENDING).size(),
                "a refusal after an unanswered attempt does not make the call failed\n" + sameKey);
    }

    // --- 3

    @Test
    void withoutWireEvidenceAnExceptionAfterTheEffectLeavesItUnknown() throws Exception {
        provider.behave(req -> req.path.startsWith("/settlements") ? Behavior.respond(200).body("{\"status\":\"settled\"}")
                : Behavior.respond(200).body("abc"));
        int mail = deadPort();
        String[] script = {"settleWithApache4|S1", "settleWithApache4|S1", "settleThenMail|S2", "settleThenMail|S2",
                "chargeOnThread|C1", "chargeOnThread|C1"};
        ForkedJvm.Result without = withoutAgent(script).property("mail.port", mail).run(60);
        assertEquals(4, posts("/settlements").size(), "baseline: every call settles\n" + without);
        assertEquals(2, posts("/charges").size());
        provider.clear();

        ForkedJvm.Result r = host(script).property("mail.port", mail).run(60);
        assertEquals(2, posts("/settlements").size(), "Apache HttpClient 4 is not followed, yet no settlement ran twice\n" + r);
        assertEquals(1, posts("/charges").size(), "the JDK client on a plain thread: no second charge\n" + r);
        for (String tool : new String[] {"settleWithApache4", "settleThenMail", "chargeOnThread"}) {
            assertEquals(2, r.lines("RESULT " + tool + " " + PENDING).size(), tool + ": may have happened, never failed\n" + r);
        }
        assertTrue(r.stderr.contains("IllegalArgumentException after the call wrote to the network through a client the agent "
                + "does not follow"), r.stderr);
        assertTrue(r.stderr.contains("NumberFormatException while other threads wrote to the network"), r.stderr);
    }

    // --- 4

    @Test
    void aRequestStillInFlightWhenTheToolEndsLeavesItUnknown() throws Exception {
        provider.behave(req -> Behavior.respond(201).after(1500));
        String hold = "http://127.0.0.1:" + deadPort();
        // The baseline's sleeps only let each fired charge reach the server (it counts a request on arrival).
        withoutAgent("chargeAndHold|H1", "sleep|500", "chargeAndHold|H1", "sleep|500").property("hold.url", hold).run(60);
        assertEquals(2, posts("/charges").size(), "baseline: two charges");
        provider.clear();

        ForkedJvm.Result r = host("chargeAndHold|H1", "sleep|2000", "chargeAndHold|H1", "sleep|2000").property("hold.url", hold).run(60);
        assertEquals(1, posts("/charges").size(), "the refused hold does not make the in-flight charge failed\n" + r);
        assertEquals(2, r.lines("RESULT chargeAndHold " + PENDING).size(), r.toString());
        assertTrue(r.stderr.contains("POST 127.0.0.1:" + provider.port() + " /charges was still under way when the tool returned"),
                r.stderr);
    }

    @Test
    void aToolReturningAColdMonoIsRefusedAtBindingInsteadOfRecordedDoneBeforeItRuns() throws Exception {
        provider.always(Behavior.respond(500));
        ForkedJvm.Result r = host("chargeLater|M1", "chargeLater|M1").run(60);
        assertTrue(r.stderr.contains("charge_later (dev.intentguard.it.verdict.VerdictTools#chargeLater(String)) returns a Mono "
                + "(a reactive publisher): its work happens after the method returns"), r.stderr);
        assertEquals(2, posts("/charges").size(), "unguarded (fail-open), as without the agent\n" + r);
        assertEquals(2, r.lines("THROWN chargeLater ").size(), "never already_done for a charge that failed\n" + r);
    }

    // --- 5

    @Test
    void aLockHeldPastTheTimeoutOnAFinishedIntentNeverRunsItAgainUnderFailOpen() throws Exception {
        AgentFixture world = new AgentFixture(Files.createDirectories(dir.resolve("fixture")));
        try {
            world.rawConfig("on-error: fail-open\nstore:\n  path: " + world.store + "\n  max-intents: 10000\n  lock-timeout: 300ms\n"
                    + AgentFixture.standardTools());
            Path go = dir.resolve("go");
            ForkedJvm.Running host = world.host("refund|8812|49.00|EUR|first", "await-file|" + go, "refund|8812|49.00|EUR|again")
                    .start();
            for (int i = 0; i < 3000 && !host.stdout().contains("RESULT refund"); i++) {
                Thread.sleep(20);
            }
            assertTrue(host.stdout().contains("RESULT refund {\"id\""), host.stderr());

            ForkedJvm.Running holder = ForkedJvm.main("dev.intentguard.agent.store.StoreLockHolder", world.store.toString(),
                            "ig1:refund_order:kWwlhSj6_SPyAWuSrtGiPvZkzQ9Z8Iet_AnI973wYgw")
                    .classPath(System.getProperty("java.class.path"))
                    .option("--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/java.lang.reflect=ALL-UNNAMED",
                            "--add-opens", "java.base/java.nio=ALL-UNNAMED", "--add-exports", "java.base/sun.nio.ch=ALL-UNNAMED",
                            "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED",
                            "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED")
                    .workDir(dir.resolve("holder")).start();
            try {
                for (int i = 0; i < 3000 && !holder.stdout().contains("LOCKED"); i++) {
                    Thread.sleep(20);
                }
                assertTrue(holder.stdout().contains("LOCKED"), holder.stderr());
                Files.createFile(go);
                ForkedJvm.Result r = host.await(60);
                assertTrue(r.lines("RESULT refund ").get(1).startsWith(PENDING), r.toString());
                assertEquals(1, world.provider.posts("/refunds"), "a done intent behind a busy lock never runs again\n" + r);
                assertTrue(r.stderr.contains("was not free within 300 ms (store.lock-timeout)"), r.stderr);
            } finally {
                holder.process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        } finally {
            world.close();
        }
    }

    // --- 6

    @Test
    void httpUrlConnectionsEvidenceCountsInAuditModeAndOffTheAllowlist() throws Exception {
        provider.always(Behavior.respond(503));
        config("mode: audit\n");
        ForkedJvm.Result audit = host("hucCharge|U1").run(60);
        assertEquals(List.of("503 {\"id\":\"re_1\",\"path\":\"/charges\"}"), audit.lines("RESULT hucCharge "), audit.toString());
        assertTrue(audit.stderr.contains("enforce mode would answer pending_unknown"), audit.stderr);
        config("");
        ForkedJvm.Result enforce = host("hucCharge|U1").run(60);
        assertTrue(enforce.lines("RESULT hucCharge ").get(0).startsWith(PENDING), "not already_done after a 503\n" + enforce);
        assertEquals(1, posts("/charges").size());

        try (RawHttpServer carrier = new RawHttpServer()) {
            int dead = deadPort();
            config("http:\n  hosts: [\"127.0.0.1:" + dead + "\"]\n");
            withoutAgent("shipAndNotify|P1", "shipAndNotify|P1").property("provider.url", "http://127.0.0.1:" + dead)
                    .property("carrier.url", carrier.url()).run(60);
            assertEquals(2, carrier.requests("POST", "/shipments").size(), "baseline: two shipments");
            carrier.clear();
            ForkedJvm.Result r = host("shipAndNotify|P1", "shipAndNotify|P1").property("provider.url", "http://127.0.0.1:" + dead)
                    .property("carrier.url", carrier.url()).run(60);
            assertEquals(1, carrier.requests("POST", "/shipments").size(), "the shipment off the allowlist counted\n" + r);
            assertNull(carrier.requests("POST", "/shipments").get(0).header("Idempotency-Key"), "and it got no key");
            assertEquals(2, r.lines("RESULT shipAndNotify " + PENDING).size(), "shipped, not notified: never failed\n" + r);
        }
    }

    // --- 7

    @Test
    void auditModeRecordsEveryCallSoThatEnforceModeCanTrustItsRecords() throws Exception {
        int port = deadPort();
        String url = "http://127.0.0.1:" + port;
        config("mode: audit\n");
        ForkedJvm.Result refused = host("jdkCharge|R1").property("provider.url", url).run(60);
        assertTrue(refused.lines("THROWN jdkCharge ").get(0).startsWith("java.net.ConnectException"), refused.toString());
        try (RawHttpServer back = new RawHttpServer(port)) {
            ForkedJvm.Result repeat = host("jdkCharge|R1").property("provider.url", url).run(60);
            assertEquals(1, repeat.lines("RESULT jdkCharge 200").size(), repeat.toString());
            config("");
            ForkedJvm.Result enforce = host("jdkCharge|R1").property("provider.url", url).run(60);
            assertTrue(enforce.lines("RESULT jdkCharge ").get(0).startsWith(ALREADY_DONE), enforce.toString());
            assertEquals(1, back.requests("POST", "/charges").size(), "the audited repeat's charge is the only one");
        }
    }

    // --- 8

    @Test
    void aCheckThatFindsNothingLeavesTheIntentUnknown() throws Exception {
        provider.always(Behavior.respond(200).after(2500));
        ForkedJvm.Result r = host("refundChecked|K1", "refundListed|K2").property("provider.timeout.ms", 500).run(60);
        assertTrue(r.lines("RESULT refundChecked ").get(0).startsWith(PENDING), "Optional.empty() is not found\n" + r);
        assertTrue(r.lines("RESULT refundListed ").get(0).startsWith(PENDING), "an empty list is not found\n" + r);
        assertFalse(r.stdout.contains("went through"), r.toString());

        Files.writeString(config, Files.readString(config) + "  - name: refund_void_checked\n    method: " + TOOLS
                + "refundVoidChecked\n    effect: side_effect\n    check: noteRefund\n");
        ForkedJvm.Result check = ForkedJvm.main("-jar", ForkedJvm.agentJar().toString(), "check", config.toString(),
                "--classpath", String.join(java.io.File.pathSeparator, classPath())).workDir(dir.resolve("cli")).run(60);
        assertEquals(1, check.exitCode, check.toString());
        assertTrue(check.stderr.contains("check noteRefund of refund_void_checked returns void: it cannot say whether the effect "
                + "happened"), check.toString());
        assertTrue(check.stdout.contains("check: findRefund returns Optional: found when present"), check.toString());
        assertTrue(check.stdout.contains("check: listRefunds returns List: found when not empty"), check.toString());
    }

    // --- 9

    @Test
    void aRedirectTheClientDidNotFollowIsNotSuccess() throws Exception {
        provider.behave(req -> req.path.equals("/charges") ? Behavior.respond(307).header("Location", "/charges-v2")
                : Behavior.respond(201));
        ForkedJvm.Result r = host("chargeRedirected|D1", "chargeRedirected|D1", "chargeFollowingRedirects|D2",
                "chargeFollowingRedirects|D2").run(60);
        assertEquals(2, r.lines("RESULT chargeRedirected 307").size(), "never already_done for a charge not processed\n" + r);
        assertTrue(r.stderr.contains("failed tool=charge_redirected"), r.stderr);
        assertTrue(r.lines("RESULT chargeFollowingRedirects ").get(0).startsWith("201 "), r.toString());
        assertTrue(r.lines("RESULT chargeFollowingRedirects ").get(1).startsWith(ALREADY_DONE), "a followed 307 that succeeded\n" + r);
        assertEquals(1, posts("/charges-v2").size());
        List<String> followed = keys(posts("/charges").subList(2, 3));
        followed.addAll(keys(posts("/charges-v2")));
        assertEquals(followed.get(0), followed.get(1), "the follow-up carries the key: " + followed);
    }

    // --- 10

    @Test
    void twoWritesToOneEndpointAreTwoRequestsWithTwoKeys() throws Exception {
        Map<String, String> bodyByKey = new HashMap<>();
        Set<String> effects = new HashSet<>();
        provider.behave(req -> {
            synchronized (bodyByKey) {
                String key = req.header("Idempotency-Key");
                if (key != null && bodyByKey.containsKey(key) && !bodyByKey.get(key).equals(req.body)) {
                    return Behavior.respond(422).body("{\"error\":\"key reused with other parameters\"}");
                }
                if (key == null || bodyByKey.putIfAbsent(key, req.body) == null) {
                    effects.add(req.body + "#" + effects.size());
                }
                return Behavior.respond(200);
            }
        });
        withoutAgent("refundItems|L1", "refundItems|L1").run(60);
        assertEquals(4, effects.size(), "baseline: two items refunded twice");
        effects.clear();
        provider.clear();

        ForkedJvm.Result r = host("refundItems|L1", "refundItems|L1").run(60);
        assertEquals(2, posts("/refunds").size(), r.toString());
        assertEquals(2, effects.size(), "each item refunded once\n" + r);
        assertNotEquals(keys(posts("/refunds")).get(0), keys(posts("/refunds")).get(1), "two writes, two keys");
        assertTrue(keys(posts("/refunds")).get(1).endsWith(":2"), keys(posts("/refunds")).toString());
        assertTrue(r.lines("RESULT refundItems ").get(1).startsWith(ALREADY_DONE), r.toString());
        assertFalse(r.stderr.contains("sent the same request again"), "the second item is no resend\n" + r.stderr);
    }
}
