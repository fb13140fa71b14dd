package dev.intentguard.agent.tool;

import dev.intentguard.agent.wire.NotSent;

import java.lang.reflect.Method;
import java.net.SocketTimeoutException;

/**
 * Decides what an exception from a side-effect tool means. The rule: an error is <em>unknown</em> (the
 * effect may have happened) unless something proves nothing reached the other side: the connection was
 * never made, or the server answered with a definite client error, or the tool rejected its own input.
 */
final class FailureClassifier {
    private static final int MAX_CAUSES = 12;

    private FailureClassifier() {
    }

    /** What an exception says about the outcome. */
    static final class Verdict {
        final boolean definite;
        /** Definite, and before anything was processed: another attempt later may go through. */
        final boolean retryable;
        final String reason;

        private Verdict(boolean definite, boolean retryable, String reason) {
            this.definite = definite;
            this.retryable = retryable;
            this.reason = reason;
        }

        static Verdict definite(String reason) {
            return new Verdict(true, false, reason);
        }

        static Verdict notProcessed(String reason) {
            return new Verdict(true, true, reason);
        }

        static Verdict ambiguous(String reason) {
            return new Verdict(false, false, reason);
        }
    }

    static Verdict classify(Throwable thrown) {
        return classify(thrown, java.util.Set.of());
    }

    /** @param notProcessed statuses the tool's provider answers before processing anything, beyond 429 */
    static Verdict classify(Throwable thrown, java.util.Set<Integer> notProcessed) {
        Throwable t = thrown;
        for (int depth = 0; t != null && depth < MAX_CAUSES; depth++, t = t.getCause()) {
            if (NotSent.proves(t)) {
                return Verdict.notProcessed(t instanceof SocketTimeoutException ? "nothing was sent (connect timed out)"
                        : "nothing was sent (" + t.getClass().getSimpleName() + ")");
            }
            if (t.getClass().getName().equals("javax.net.ssl.SSLHandshakeException")) {   // and the next try fails alike
                return Verdict.definite("nothing was sent (" + t.getClass().getSimpleName() + ")");
            }
            if (t instanceof IllegalArgumentException) {
                return Verdict.definite("the call rejected its input (" + t.getClass().getSimpleName() + ")");
            }
            int status = httpStatus(t);
            if (status == 429 || notProcessed.contains(status)) {
                return Verdict.notProcessed("the server answered HTTP " + status + " before processing it");
            }
            if (status >= 400 && status < 500 && status != 408 && status != 409 && status != 425) {
                return Verdict.definite("the server refused it (HTTP " + status + ")");
            }
            if (status >= 500 || status == 408 || status == 409 || status == 425) {
                return Verdict.ambiguous("the server answered HTTP " + status);
            }
        }
        return Verdict.ambiguous(thrown.getClass().getSimpleName() + " after the request may have been sent");
    }


    /** An HTTP status an SDK exception exposes ({@code statusCode()}, {@code getStatusCode()}, ...), or 0. */
    static int httpStatus(Throwable t) {
        for (String accessor : new String[] {"statusCode", "getStatusCode", "getHttpStatus", "getStatus", "status", "code", "getCode"}) {
            try {
                Method m = t.getClass().getMethod(accessor);
                if (m.getParameterCount() != 0) {
                    continue;
                }
                Object value = m.invoke(t);
                int status = asStatus(value);
                if (status >= 100 && status < 600) {
                    return status;
                }
            } catch (ReflectiveOperationException | RuntimeException | LinkageError ignored) {
                // not this accessor
            }
        }
        return 0;
    }

    private static int asStatus(Object value) throws ReflectiveOperationException {
        if (value instanceof Number) {
            return ((Number) value).intValue();
        }
        if (value != null) {
            // Spring's HttpStatusCode, Ktor's HttpStatusCode and friends expose value()
            for (String accessor : new String[] {"value", "code"}) {
                try {
                    Object v = value.getClass().getMethod(accessor).invoke(value);
                    if (v instanceof Number) {
                        return ((Number) v).intValue();
                    }
                } catch (NoSuchMethodException ignored) {
                    // try the next accessor
                }
            }
        }
        return 0;
    }
}
