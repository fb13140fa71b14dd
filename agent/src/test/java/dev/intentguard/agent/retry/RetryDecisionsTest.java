package dev.intentguard.agent.retry;

import dev.intentguard.agent.config.AgentConfig;
import dev.intentguard.agent.config.ConfigLoader;
import dev.intentguard.agent.wire.WireAttempt;
import dev.intentguard.agent.wire.WireLog;
import dev.intentguard.agent.wire.WireOutcome;
import dev.intentguard.bridge.ToolFrame;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The retry decisions on a frame's wire record, as the SDK and framework advice ask them. */
class RetryDecisionsTest {
    private static final String KEY = "ig1:refund:abc";
    private static final String URL = "http://127.0.0.1:8080/v1/refunds";
    private static final String REQUEST = "POST 127.0.0.1:8080 /v1/refunds";

    @TempDir
    Path dir;

    /** A guarded call as the advice sees it: its key, its effect, its wire record. */
    private static final class Frame extends ToolFrame {
        final WireLog wire = new WireLog(KEY);
        private final boolean sideEffect;

        Frame(boolean sideEffect) {
            this.sideEffect = sideEffect;
        }

        @Override
        public boolean skipBody() {
            return false;
        }

        @Override
        public String toolName() {
            return "refund";
        }

        @Override
        public String intentKey() {
            return KEY;
        }

        @Override
        public boolean sideEffect() {
            return sideEffect;
        }

        @Override
        public Object wire() {
            return wire;
        }

        @Override
        protected void exit(Object returned, Throwable thrown) {
        }

        void sent(WireOutcome outcome, int status) {
            wire.record(new WireAttempt("okhttp", REQUEST, outcome, status, null, 0));
        }

        List<String> suppressedBy() {
            return wire.attempts().stream().filter(a -> a.outcome() == WireOutcome.SUPPRESSED).map(WireAttempt::client)
                    .collect(Collectors.toList());
        }
    }

    private RetryDecisions decisions(String yaml) throws Exception {
        Path config = dir.resolve("intentguard.yaml");
        Files.writeString(config, yaml);
        AgentConfig c = ConfigLoader.load(config);
        return new RetryDecisions(c);
    }

    private RetryDecisions suppress() throws Exception {
        return decisions("http:\n  client-retries: suppress\n");
    }

    @Test
    void anSdkRetryOfAWriteThatReachedTheServerIsStoppedAndRecorded() throws Exception {
        RetryDecisions d = suppress();
        Frame f = new Frame(true);
        d.sdkCall(f, "openai-java", "POST", URL);
        f.sent(WireOutcome.NO_RESPONSE, 0);
        assertTrue(d.stopSdkRetry(f, "openai-java", "retry after SocketTimeoutException"));
        assertEquals(List.of("openai-java"), f.suppressedBy());
        assertEquals(REQUEST, f.wire.attempts().get(1).request());
    }

    @Test
    void anSdkRetryAfterNothingWasSentGoesAhead() throws Exception {
        RetryDecisions d = suppress();
        Frame f = new Frame(true);
        d.sdkCall(f, "stripe-java", "POST", URL);
        f.sent(WireOutcome.NOT_SENT, 0);
        assertFalse(d.stopSdkRetry(f, "stripe-java", "retry after ConnectException"));
        f.sent(WireOutcome.RESPONSE, 500);
        assertTrue(d.stopSdkRetry(f, "stripe-java", "retry after HTTP 500"), "the second attempt reached the server");
    }

    @Test
    void readsHostsOffTheAllowlistIdempotentToolsSameKeyAndAuditKeepTheSdkRetries() throws Exception {
        Frame get = new Frame(true);
        RetryDecisions d = suppress();
        d.sdkCall(get, "openai-java", "GET", URL);
        assertFalse(d.stopSdkRetry(get, "openai-java", "x"), "a read");

        RetryDecisions offList = decisions("http:\n  hosts: [api.example.com]\n");
        Frame f = new Frame(true);
        offList.sdkCall(f, "openai-java", "POST", URL);
        assertFalse(offList.stopSdkRetry(f, "openai-java", "x"), "a host off the allowlist");

        Frame idempotent = new Frame(false);
        d.sdkCall(idempotent, "openai-java", "POST", URL);
        assertFalse(d.stopSdkRetry(idempotent, "openai-java", "x"), "an idempotent tool");

        RetryDecisions sameKey = decisions("http:\n  client-retries: same-key\n");
        Frame s = new Frame(true);
        sameKey.sdkCall(s, "openai-java", "POST", URL);
        s.sent(WireOutcome.NO_RESPONSE, 0);
        assertFalse(sameKey.stopSdkRetry(s, "openai-java", "x"), "same-key");
        assertFalse(sameKey.stopFrameworkRetry(s, "resilience4j", new SocketTimeoutException()), "same-key");

        RetryDecisions audit = decisions("mode: audit\n");
        Frame a = new Frame(true);
        audit.sdkCall(a, "openai-java", "POST", URL);
        a.sent(WireOutcome.NO_RESPONSE, 0);
        assertFalse(audit.stopSdkRetry(a, "openai-java", "x"), "audit");
        assertFalse(audit.stopFrameworkRetry(a, "resilience4j", new SocketTimeoutException()), "audit");
        assertEquals(List.of(), a.suppressedBy());
    }

    @Test
    void aFrameworkRetryStopsOnlyWhenTheWireLeavesTheOutcomeUnknown() throws Exception {
        RetryDecisions d = suppress();
        Frame nothing = new Frame(true);
        assertFalse(d.stopFrameworkRetry(nothing, "resilience4j", new IllegalStateException()), "no write seen");

        Frame refused = new Frame(true);
        refused.sent(WireOutcome.RESPONSE, 400);
        assertFalse(d.stopFrameworkRetry(refused, "resilience4j", new RuntimeException("400")), "a definite refusal");
        refused.sent(WireOutcome.NOT_SENT, 0);
        assertFalse(d.stopFrameworkRetry(refused, "resilience4j", new RuntimeException()), "nothing sent");

        Frame timedOut = new Frame(true);
        timedOut.sent(WireOutcome.NO_RESPONSE, 0);
        assertTrue(d.stopFrameworkRetry(timedOut, "spring-retry", new SocketTimeoutException()));
        assertEquals(List.of("spring-retry"), timedOut.suppressedBy());

        Frame answered503 = new Frame(true);
        answered503.sent(WireOutcome.RESPONSE, 503);
        assertTrue(d.stopFrameworkRetry(answered503, "resilience4j", null), "a retry on a 503 result");

        Frame succeeded = new Frame(true);
        succeeded.sent(WireOutcome.RESPONSE, 200);
        assertFalse(d.stopFrameworkRetry(succeeded, "resilience4j", null), "a retry on a result after a success");
        assertTrue(d.stopFrameworkRetry(succeeded, "resilience4j", new IllegalStateException("parse")),
                "a failure after the write succeeded: a retry would write again");
    }
}
