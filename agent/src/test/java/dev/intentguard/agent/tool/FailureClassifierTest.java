package dev.intentguard.agent.tool;

import dev.intentguard.agent.wire.WireAttempt;
import dev.intentguard.agent.wire.WireLog;
import dev.intentguard.agent.wire.WireOutcome;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FailureClassifierTest {
    /** An SDK-style exception exposing the HTTP status. */
    public static final class ApiException extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int code;

        ApiException(int code) {
            this.code = code;
        }

        public int getStatusCode() {
            return code;
        }
    }

    @Test
    void nothingSentIsDefinite() {
        assertTrue(FailureClassifier.classify(new ConnectException("Connection refused")).definite);
        assertTrue(FailureClassifier.classify(new UncheckedIOException(new UnknownHostException("x"))).definite);
        assertTrue(FailureClassifier.classify(new SocketTimeoutException("Connect timed out")).definite);
        assertTrue(FailureClassifier.classify(new IllegalArgumentException("amount must be positive")).definite);
    }

    @Test
    void anythingAfterTheRequestMayHaveBeenSentIsAmbiguous() {
        assertFalse(FailureClassifier.classify(new SocketTimeoutException("Read timed out")).definite);
        assertFalse(FailureClassifier.classify(new SocketException("Connection reset")).definite);
        assertFalse(FailureClassifier.classify(new IOException("unexpected end of stream")).definite);
        assertFalse(FailureClassifier.classify(new RuntimeException("something else")).definite);
    }

    @Test
    void httpStatusesFromSdkExceptions() {
        assertTrue(FailureClassifier.classify(new ApiException(400)).definite);
        assertTrue(FailureClassifier.classify(new ApiException(404)).definite);
        for (int ambiguous : new int[] {408, 409, 425, 429, 500, 502, 503, 504}) {
            assertFalse(FailureClassifier.classify(new ApiException(ambiguous)).definite, "HTTP " + ambiguous);
        }
    }

    @Test
    void theWireWinsOverTheExceptionType() {
        WireLog wire = new WireLog("ig1:t:k");
        wire.record(new WireAttempt("okhttp", "POST 127.0.0.1:1 /refunds", WireOutcome.NOT_SENT, 0, "connect refused", 0));
        assertEquals(CallOutcome.Kind.FAILED, CallOutcome.judge(new RuntimeException("wrapped by an SDK"), wire.verdict()).kind);

        WireLog late = new WireLog("ig1:t:k");
        late.record(new WireAttempt("okhttp", "POST 127.0.0.1:1 /refunds", WireOutcome.NO_RESPONSE, 0, "timeout", 0));
        assertEquals(CallOutcome.Kind.UNKNOWN, CallOutcome.judge(new IllegalArgumentException("odd"), late.verdict()).kind);
        assertEquals(CallOutcome.Kind.UNKNOWN, CallOutcome.judge(null, late.verdict()).kind,
                "a tool that returned \"Error: timeout\" as text still left a request unanswered");

        WireLog ok = new WireLog("ig1:t:k");
        ok.record(new WireAttempt("okhttp", "POST 127.0.0.1:1 /refunds", WireOutcome.RESPONSE, 200, null, 0));
        assertEquals(CallOutcome.Kind.DONE, CallOutcome.judge(null, ok.verdict()).kind);
        assertEquals(CallOutcome.Kind.UNKNOWN, CallOutcome.judge(new IllegalStateException("parse"), ok.verdict()).kind,
                "it succeeded on the wire, then the tool failed: never run it again");

        WireLog partial = new WireLog("ig1:t:k");
        partial.record(new WireAttempt("jdk", "POST h:1 /a", WireOutcome.RESPONSE, 201, null, 0));
        partial.record(new WireAttempt("jdk", "POST h:1 /b", WireOutcome.RESPONSE, 400, null, 0));
        assertEquals(CallOutcome.Kind.UNKNOWN, CallOutcome.judge(null, partial.verdict()).kind, "a partial effect");
    }

    @Test
    void requestKeysAreStablePerRequest() {
        WireLog wire = new WireLog("ig1:t:k");
        assertEquals("ig1:t:k", wire.keyFor("POST", "api", 443, "/v1/refunds"));
        assertEquals("ig1:t:k:2", wire.keyFor("POST", "api", 443, "/v1/emails"));
        assertEquals("ig1:t:k", wire.keyFor("POST", "api", 443, "/v1/refunds"), "a resend keeps its key");
    }
}
