package dev.intentguard.agent.tool;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;

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
        for (int ambiguous : new int[] {408, 409, 425, 500, 502, 503, 504}) {
            assertFalse(FailureClassifier.classify(new ApiException(ambiguous)).definite, "HTTP " + ambiguous);
        }
        FailureClassifier.Verdict rateLimited = FailureClassifier.classify(new ApiException(429));
        assertTrue(rateLimited.definite && rateLimited.retryable, "429: refused before anything was processed");
        assertTrue(FailureClassifier.classify(new ApiException(503), java.util.Set.of(503)).retryable, "a status the tool names");
        assertFalse(FailureClassifier.classify(new ApiException(400)).retryable);
    }
}
