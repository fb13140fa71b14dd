package dev.intentguard.agent.config;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConfigLoaderTest {
    private static final Path FILE = Path.of("/etc/app/intentguard.yaml");

    private static AgentConfig parse(String yaml) throws ConfigProblem {
        return ConfigLoader.parse(yaml, FILE);
    }

    private static ConfigProblem.Issue onlyIssue(String yaml) {
        ConfigProblem p = assertThrows(ConfigProblem.class, () -> parse(yaml));
        assertEquals(1, p.issues().size(), p.render());
        return p.issues().get(0);
    }

    @Test
    void theIssuesExampleParses() throws Exception {
        AgentConfig c = parse(String.join("\n",
                "mode: enforce                 # enforce | audit",
                "on-error: fail-open",
                "store:",
                "  path: .intentguard/intents.dat",
                "  max-intents: 1000000",
                "  retention: 7d",
                "  in-flight-wait: 30s",
                "tools:",
                "  - name: refund_order",
                "    method: com.acme.support.RefundTools#refundOrder   # optional (java.lang.String,java.math.BigDecimal)",
                "    effect: side_effect",
                "    key: [orderId, amount]",
                "    exclude: [reason]",
                "    enabled: true"));
        assertEquals(Mode.ENFORCE, c.mode());
        assertEquals(OnError.FAIL_OPEN, c.onError());
        assertEquals(Path.of(".intentguard/intents.dat").toAbsolutePath().normalize(), c.store().path());
        assertEquals(1_000_000, c.store().maxIntents());
        assertEquals(Duration.ofDays(7), c.store().retention());
        assertEquals(Duration.ofSeconds(30), c.store().inFlightWait());
        ToolSpec t = c.tools().get(0);
        assertEquals("refund_order", t.name());
        assertEquals("com.acme.support.RefundTools", t.method().typeName());
        assertEquals("refundOrder", t.method().methodName());
        assertNull(t.method().parameterTypes());
        assertEquals(Effect.SIDE_EFFECT, t.effect());
        assertEquals(List.of("orderId", "amount"), t.key());
        assertEquals(List.of("reason"), t.exclude());
        assertTrue(t.enabled());
        assertEquals(9, t.line());
        assertEquals(12, t.keyLine());
    }

    @Test
    void parameterTypesAndDefaults() throws Exception {
        AgentConfig c = parse("tools:\n  - method: com.acme.T#refund(java.lang.String, java.math.BigDecimal)\n    effect: idempotent\n");
        ToolSpec t = c.tools().get(0);
        assertEquals("refund", t.name(), "the name defaults to the method name");
        assertEquals(List.of("java.lang.String", "java.math.BigDecimal"), t.method().parameterTypes());
        assertEquals(List.of(), t.key(), "no key means all arguments");
        assertEquals(HttpSettings.DEFAULTS.header(), c.http().header());
        assertEquals(8192, c.store().maxResultBytes());
    }

    @Test
    void anEmptyFileIsTheDefaults() throws Exception {
        AgentConfig c = parse("");
        assertTrue(c.tools().isEmpty());
        assertEquals(Mode.ENFORCE, c.mode());
    }

    @Test
    void anUnknownEffectNamesTheLineAndTheFix() {
        ConfigProblem.Issue i = onlyIssue("tools:\n  - name: refund_order\n    method: a.B#c\n    effect: side-effect\n");
        assertEquals(4, i.line);
        assertTrue(i.message.contains("\"side-effect\" is not read, idempotent or side_effect"), i.message);
        assertEquals("write effect: side_effect", i.fix);
    }

    @Test
    void pluginsAreSwitchedOffByNameWithTheirLine() throws Exception {
        AgentConfig c = parse("plugins:\n  okhttp: off\n  httpclient4: on\n  jdk-http: false\n");
        assertTrue(c.plugins().enabled("httpclient4"));
        assertTrue(c.plugins().enabled("httpclient5"), "not named: on");
        assertTrue(!c.plugins().enabled("okhttp") && !c.plugins().enabled("jdk-http"));
        assertEquals(2, c.plugins().lineOf("okhttp"));
        assertTrue(parse("mode: enforce\n").plugins().off().isEmpty());

        ConfigProblem.Issue i = onlyIssue("plugins:\n  okhttp: disabled\n");
        assertEquals(2, i.line);
        assertTrue(i.message.contains("plugins.okhttp \"disabled\" is not on, off, true or false"), i.message);
    }

    @Test
    void yamlSyntaxErrorsNameTheLineTheParserFoundTheProblemOn() {
        // an unclosed bracket: the parser finds out at the next key, line 4 (Jackson's location said line 3)
        ConfigProblem.Issue i = onlyIssue("tools:\n  - name: refund_order\n    key: [orderId, amount\n    effect: side_effect\n");
        assertEquals(4, i.line, i.message);
        assertTrue(i.message.startsWith("this is not valid YAML"), i.message);
        // a tab used for indentation, on line 3 (Jackson's location said line 2)
        assertEquals(3, onlyIssue("store:\n  path: a\n\tmax-intents: 3\n").line);
        // a key indented one column too far, on line 3
        assertEquals(3, onlyIssue("tools:\n  - name: x\n   method: a.B#c\n").line);
    }

    @Test
    void unknownSettingsSuggestTheClosestOne() {
        ConfigProblem.Issue i = onlyIssue("store:\n  retension: 7d\n");
        assertEquals(2, i.line);
        assertEquals("did you mean \"retention\"?", i.fix);
        ConfigProblem.Issue top = onlyIssue("tool:\n  - name: x\n");
        assertEquals("did you mean \"tools\"?", top.fix);
    }

    @Test
    void everyProblemIsReportedAtOnce() {
        ConfigProblem p = assertThrows(ConfigProblem.class, () -> parse(String.join("\n",
                "on-error: fail-shut",
                "store:",
                "  retention: a week",
                "tools:",
                "  - name: refund order",
                "    method: RefundTools.refundOrder",
                "    effect: side_effect",
                "  - name: email",
                "    method: a.B#email",
                "    key: [to]",
                "    exclude: [to]")));
        assertEquals(6, p.issues().size(), p.render());
        String rendered = p.render();
        assertTrue(rendered.startsWith("config /etc/app/intentguard.yaml has 6 problems:"), rendered);
        assertTrue(rendered.contains("/etc/app/intentguard.yaml:1: on-error \"fail-shut\" is not fail-open or fail-closed"), rendered);
        assertTrue(rendered.contains("/etc/app/intentguard.yaml:3: store.retention \"a week\" is not a duration"), rendered);
        assertTrue(rendered.contains(":5: tool name \"refund order\" has characters an intent key cannot carry"), rendered);
        assertTrue(rendered.contains(":6: method \"RefundTools.refundOrder\" is not of the form class#method"), rendered);
        assertTrue(rendered.contains(":8: tool email has no effect"), rendered);
        assertTrue(rendered.contains(":11: \"to\" is both in key and in exclude"), rendered);
    }

    @Test
    void duplicateNamesAndMethodsAreErrors() {
        ConfigProblem p = assertThrows(ConfigProblem.class, () -> parse(String.join("\n",
                "tools:",
                "  - name: refund", "    method: a.B#refund", "    effect: side_effect",
                "  - name: refund", "    method: a.B#refund", "    effect: side_effect")));
        assertTrue(p.render().contains("tool name \"refund\" is already used on line 2"), p.render());
        assertTrue(p.render().contains("method a.B#refund is already listed on line 2"), p.render());
    }

    @Test
    void theHttpSection() throws Exception {
        AgentConfig c = parse("http:\n  header: X-Idempotency-Key\n  format: sf-string\n  hosts: [api.stripe.com, 127.0.0.1:8080]\n"
                + "  client-retries: same-key\n  methods: [post]\n");
        HttpSettings h = c.http();
        assertEquals("X-Idempotency-Key", h.header());
        assertEquals("\"ig1:t:abc\"", h.headerValue("ig1:t:abc"));
        assertEquals(HttpSettings.ClientRetries.SAME_KEY, h.clientRetries());
        assertTrue(h.covers("POST", "API.stripe.com", 443));
        assertTrue(h.covers("POST", "127.0.0.1", 8080));
        assertFalse(h.covers("POST", "127.0.0.1", 8081));
        assertFalse(h.covers("PUT", "api.stripe.com", 443), "only the configured methods");
        ConfigProblem.Issue i = onlyIssue("http:\n  client-retries: never\n");
        assertEquals(2, i.line);
    }

    @Test
    void onErrorIsReadEvenFromABrokenFile() throws Exception {
        Path f = java.nio.file.Files.createTempFile("ig", ".yaml");
        java.nio.file.Files.writeString(f, "on-error: fail-closed\ntools: [ {{ broken\n");
        assertEquals(OnError.FAIL_CLOSED, ConfigLoader.onErrorOf(f));
        assertThrows(ConfigProblem.class, () -> ConfigLoader.load(f));
    }

    @Test
    void aMissingFileSaysHowToPointAtOne() {
        ConfigProblem p = assertThrows(ConfigProblem.class, () -> ConfigLoader.load(Path.of("/nonexistent/ig.yaml")));
        assertTrue(p.issues().get(0).fix.contains("-javaagent:...=config=PATH"), p.render());
    }

    @Test
    void durations() {
        assertEquals(Duration.ofMillis(500), Durations.parse("500ms"));
        assertEquals(Duration.ofMinutes(5), Durations.parse("5m"));
        assertEquals(Duration.ofHours(1), Durations.parse(" 1h "));
        assertEquals(Duration.ofSeconds(90), Durations.parse("PT90S"));
        assertNull(Durations.parse("soon"));
    }

    @Test
    void agentArgumentsWinOverPropertiesAndEnvironment() {
        assertEquals(Path.of("a.yaml"), AgentArguments.parse("config=a.yaml,on-error=fail-closed").configPath());
        assertEquals(OnError.FAIL_CLOSED, AgentArguments.parse("config=a.yaml,on-error=fail-closed").onErrorOverride());
        assertEquals(Path.of("b.yaml"), AgentArguments.parse("b.yaml").configPath());
        System.setProperty("intentguard.config", "from-property.yaml");
        try {
            assertEquals(Path.of("from-property.yaml"), AgentArguments.parse("").configPath());
            assertEquals(Path.of("a.yaml"), AgentArguments.parse("config=a.yaml").configPath());
        } finally {
            System.clearProperty("intentguard.config");
        }
    }

    @Test
    void theAuditSectionHasDefaultsAndSaysWhatIsWrong() throws Exception {
        AgentConfig d = parse("tools: []\n");
        assertTrue(d.audit().journal());
        assertTrue(d.audit().jmx());
        assertTrue(d.audit().otel());
        assertTrue(d.audit().micrometer());
        assertEquals(16L << 20, d.audit().journalFileBytes());
        AgentConfig c = parse("audit:\n  journal: false\n  journal-file-bytes: 65536\n  journal-files: 3\n"
                + "  journal-queue: 100\n  jmx: false\n  otel: false\n  micrometer: false\n");
        assertFalse(c.audit().otel());
        assertFalse(c.audit().micrometer());
        assertFalse(c.audit().journal());
        assertFalse(c.audit().jmx());
        assertEquals(65536, c.audit().journalFileBytes());
        assertEquals(3, c.audit().journalFiles());
        assertEquals(100, c.audit().journalQueue());
        ConfigProblem.Issue bool = onlyIssue("audit:\n  journal: maybe\n");
        assertEquals(2, bool.line);
        assertTrue(bool.message.contains("audit.journal \"maybe\" is not true or false"), bool.message);
        ConfigProblem.Issue small = onlyIssue("audit:\n  journal-file-bytes: 100\n");
        assertTrue(small.message.contains("below 4096"), small.message);
        ConfigProblem.Issue unknown = onlyIssue("audit:\n  journnal: true\n");
        assertTrue(unknown.message.contains("journnal"), unknown.message);
    }

    @Test
    void theDiscoverSectionHasDefaultsAndSaysWhatIsWrong() throws Exception {
        AgentConfig d = parse("tools: []\n");
        assertTrue(d.discover().langchain4j());
        assertTrue(d.discover().springAi());
        assertTrue(d.discover().mcp());
        assertTrue(d.discover().describe());
        assertEquals(Effect.SIDE_EFFECT, d.discover().defaultEffect());
        assertEquals("Safe to call once per orderId and amount. Repeated calls return the original result.",
                d.discover().sentenceFor(java.util.List.of("orderId", "amount")));
        AgentConfig c = parse("discover:\n  langchain4j: false\n  spring-ai: false\n  mcp: false\n"
                + "  default-effect: read\n  describe: false\n  sentence: Call once per {key}.\n");
        assertFalse(c.discover().langchain4j());
        assertFalse(c.discover().springAi());
        assertFalse(c.discover().mcp());
        assertFalse(c.discover().describe());
        assertEquals(Effect.READ, c.discover().defaultEffect());
        assertEquals("Call once per a, b and c.", c.discover().sentenceFor(java.util.List.of("a", "b", "c")));
        ConfigProblem.Issue effect = onlyIssue("discover:\n  default-effect: write\n");
        assertEquals(2, effect.line);
        assertTrue(effect.message.contains("discover.default-effect \"write\" is not read, idempotent or side_effect"), effect.message);
        ConfigProblem.Issue unknown = onlyIssue("discover:\n  springai: true\n");
        assertTrue(unknown.message.contains("springai") && unknown.fix.contains("spring-ai"), unknown.fix);
    }

    @Test
    void aSharedStoreIsOneUrlWithItsPasswordNeverShown() throws Exception {
        AgentConfig c = parse("store:\n  url: redis://app:s3cret@10.0.0.7:6379/2\n  namespace: payments\n"
                + "  operation-timeout: 250ms\n  lease: 5s\n");
        assertTrue(c.store().shared());
        assertNull(c.store().path(), "the file store is not used");
        assertEquals("payments", c.store().namespace());
        assertEquals(Duration.ofMillis(250), c.store().operationTimeout());
        assertEquals(Duration.ofSeconds(5), c.store().lease());
        assertEquals("redis://app:***@10.0.0.7:6379/2", c.store().description(), "every form: StoreUrlsTest");
    }

    @Test
    void pathAndUrlAreExclusiveAndAnUnknownStoreIsNamed() {
        ConfigProblem.Issue both = onlyIssue("store:\n  path: x.dat\n  url: redis://h:6379/0\n");
        assertTrue(both.message.contains("store.path and store.url are both set"), both.message);
        assertEquals(2, both.line);
        ConfigProblem.Issue unknown = onlyIssue("store:\n  url: mongodb://u:pw@h/db\n");
        assertTrue(unknown.message.contains("mongodb://u:***@h/db is not a store this agent knows"), unknown.message);
        assertFalse(unknown.message.contains("pw@"), "never the password: " + unknown.message);
        ConfigProblem.Issue lease = onlyIssue("store:\n  url: redis://h:6379/0\n  operation-timeout: 2s\n  lease: 3s\n");
        assertTrue(lease.message.contains("shorter than three operation timeouts"), lease.message);
        ConfigProblem.Issue defaultLease = onlyIssue("store:\n  url: redis://h:6379/0\n  operation-timeout: 5s\n");
        assertTrue(defaultLease.message.contains("10000 ms (the default) is shorter than three operation timeouts"),
                "the default lease too: " + defaultLease.message);
        ConfigProblem.Issue ns = onlyIssue("store:\n  url: redis://h:6379/0\n  namespace: \"my-app\"\n");
        assertTrue(ns.message.contains("is not a namespace"), ns.message);
    }

    @Test
    void aToolsRetryBudgetNotProcessedStatusesUnknownPolicyAndEscalateMethod() throws Exception {
        AgentConfig c = parse(String.join("\n",
                "reconcile:",
                "  check-interval: 2s",
                "tools:",
                "  - name: refund_order",
                "    effect: side_effect",
                "    retry:",
                "      attempts: 4",
                "      backoff: 50ms",
                "      max-backoff: 1s",
                "      deadline: 8s",
                "    not-processed: [503, 502]",
                "    unknown: resend-same-key",
                "    escalate: openTicket",
                "  - name: send_mail",
                "    effect: side_effect",
                "    retry:",
                "      attempts: 2"));
        assertEquals(Duration.ofSeconds(2), c.reconcile().checkInterval());
        ToolSpec t = c.tools().get(0);
        assertEquals(4, t.retry().attempts());
        assertEquals(Duration.ofMillis(50), t.retry().backoff());
        assertEquals(Duration.ofSeconds(1), t.retry().maxBackoff());
        assertEquals(Duration.ofSeconds(8), t.retry().deadline());
        assertEquals(java.util.Set.of(502, 503), t.notProcessed());
        assertEquals(UnknownPolicy.RESEND_SAME_KEY, t.unknown());
        assertEquals("openTicket", t.escalate());
        RetryBudget defaults = c.tools().get(1).retry();
        assertEquals(2, defaults.attempts());
        assertEquals(Duration.ofMillis(100), defaults.backoff());
        assertEquals(Duration.ofSeconds(2), defaults.maxBackoff());
        assertEquals(Duration.ofSeconds(10), defaults.deadline());
        assertEquals(UnknownPolicy.CHECK, c.tools().get(1).unknown(), "check is the default");
        assertNull(c.tools().get(1).escalate());
        assertEquals(ReconcileSettings.DEFAULT_CHECK_INTERVAL, parse("").reconcile().checkInterval());
        assertNull(parse("tools:\n  - name: t\n    effect: side_effect\n").tools().get(0).retry(), "no retry: nothing changes");
    }

    @Test
    void theBackoffIsFullJitterOverADoublingCeiling() {
        RetryBudget b = new RetryBudget(10, Duration.ofMillis(100), Duration.ofMillis(350), Duration.ofSeconds(10));
        assertEquals(99, b.waitMillis(2, 0.999));
        assertEquals(199, b.waitMillis(3, 0.999));
        assertEquals(349, b.waitMillis(4, 0.999), "capped by max-backoff");
        assertEquals(349, b.waitMillis(9, 0.999));
        assertEquals(0, b.waitMillis(5, 0.0));
    }

    @Test
    void retrySettingsSayWhatIsWrong() {
        assertTrue(onlyIssue("tools:\n  - name: t\n    effect: side_effect\n    retry:\n      attempts: 0\n").message
                .contains("between 1 and 100"));
        assertTrue(onlyIssue("tools:\n  - name: t\n    effect: idempotent\n    retry:\n      attempts: 2\n").message
                .contains("side_effect"));
        assertTrue(onlyIssue("tools:\n  - name: t\n    effect: side_effect\n    retry:\n      tries: 2\n").message
                .contains("tries"));
        assertTrue(onlyIssue("tools:\n  - name: t\n    effect: side_effect\n    not-processed: [200]\n").message
                .contains("not an HTTP error status"));
        assertTrue(onlyIssue("tools:\n  - name: t\n    effect: side_effect\n    unknown: resend\n").message
                .contains("not check or resend-same-key"));
        assertTrue(onlyIssue("tools:\n  - name: t\n    effect: side_effect\n    escalate: open ticket\n").message
                .contains("not a method name"));
        assertEquals(6, onlyIssue("tools:\n  - name: t\n    effect: side_effect\n    retry:\n      attempts: 2\n"
                + "      backoff: 5 parsecs\n").line, "the line of the bad duration");
    }

    @Test
    void anEmptyMethodIsSaidInsteadOfTheToolDroppedWithoutAWord() {
        ConfigProblem.Issue i = onlyIssue("tools:\n  - method:\n    effect: side_effect\n");
        assertEquals(2, i.line);
        assertEquals("method is empty", i.message);
    }

    @Test
    void aStoreUrlWrittenAsAListIsOneProblem() {
        ConfigProblem.Issue i = onlyIssue("store:\n  url: [redis://h:6379/0]\n");
        assertTrue(i.message.startsWith("store.url must be a single value"), i.message);
    }

    @Test
    void anEmptyValueIsTheDefaultForEveryKind() throws Exception {
        AgentConfig c = parse("http:\n  hosts:\ntools:\n  - method: a.B#c\n    effect: side_effect\n    retry:\n      attempts:\n");
        assertEquals(HttpSettings.DEFAULTS.hosts(), c.http().hosts());
        assertEquals(3, c.tools().get(0).retry().attempts());
    }

    @Test
    void retryAttemptsWrittenAsAListIsOneProblem() {
        ConfigProblem.Issue i = onlyIssue("tools:\n  - method: a.B#c\n    effect: side_effect\n    retry:\n      attempts: [3]\n");
        assertTrue(i.message.startsWith("retry.attempts must be a single value"), i.message);
    }

    @Test
    void anEmptyNameIsSaidInsteadOfTheToolDroppedWithoutAWord() {
        ConfigProblem.Issue i = onlyIssue("tools:\n  - name:\n    method: a.B#c\n    effect: side_effect\n");
        assertEquals(2, i.line);
        assertEquals("name is empty", i.message);
    }
}
