package dev.intentguard.bridge;

/**
 * What advice woven into retry loops calls: the SDKs' own loops (openai-java, anthropic-java, stripe-java)
 * and retry frameworks (Resilience4j, Spring Retry). Every method is a no-op outside a guarded tool
 * ({@code scope == null}) and never throws: a failure here leaves the host's retry as it was.
 *
 * <p>A stopped retry is recorded on the frame's wire record as an attempt of the library
 * ({@code WireAttempt} with the library as client and outcome {@code SUPPRESSED}), the same shape the HTTP
 * layer uses for a client's suppressed resend, so that the audit sees every layer that wanted to try again.
 */
public final class RetryDispatch {
    private static volatile RetryHooks hooks;

    private RetryDispatch() {
    }

    /** Installs the agent's hooks; only the first call wins. */
    public static synchronized boolean install(RetryHooks agentHooks) {
        if (hooks != null || agentHooks == null) {
            return false;
        }
        hooks = agentHooks;
        return true;
    }

    /**
     * An SDK's retry loop begins for one request of {@code scope} (the request its later retry decisions are
     * about). SDK advice calls it where the loop starts, because the decision point itself does not always see
     * the request (Stainless' {@code shouldRetry(response)}).
     *
     * @param url the request's absolute URL ({@code https://api.openai.com/v1/chat/completions})
     */
    public static void sdkCall(ToolFrame scope, String library, String method, String url) {
        RetryHooks h = hooks;
        if (scope == null || h == null) {
            return;
        }
        try {
            h.sdkCall(scope, library, method, url);
        } catch (Throwable t) {
            report(h, "sdkCall", t);
        }
    }

    /**
     * The SDK's retry loop decided to send its current request again. {@code true}: the agent stops that
     * retry (a keyed write of a {@code side_effect} tool under {@code client-retries: suppress} that may
     * have reached the server) and has recorded it; the SDK must then end as if it had run out of retries.
     */
    public static boolean stopSdkRetry(ToolFrame scope, String library, String detail) {
        RetryHooks h = hooks;
        if (scope == null || h == null) {
            return false;
        }
        try {
            return h.stopSdkRetry(scope, library, detail);
        } catch (Throwable t) {
            report(h, "stopSdkRetry", t);
            return false;
        }
    }

    /**
     * A retry framework is about to run its operation again inside the body of the tool of {@code scope},
     * after {@code failure} (or after a result it retries on: {@code failure == null}). {@code true}: the
     * agent stops it, because what the wire showed leaves the outcome unknown (a new attempt would send an
     * unknown outcome again); the framework must let the failure (or result) stand. Recorded when true.
     */
    public static boolean stopFrameworkRetry(ToolFrame scope, String library, Throwable failure) {
        RetryHooks h = hooks;
        if (scope == null || h == null) {
            return false;
        }
        try {
            return h.stopFrameworkRetry(scope, library, failure);
        } catch (Throwable t) {
            report(h, "stopFrameworkRetry", t);
            return false;
        }
    }

    /**
     * A retry framework wrapped around a guarded tool is about to call it again after the agent answered
     * with a status exception ({@code answer}): the call will be answered from the intent map. Logged only.
     */
    public static void toolRetried(String library, Throwable answer) {
        RetryHooks h = hooks;
        if (h == null) {
            return;
        }
        try {
            h.toolRetried(library, answer);
        } catch (Throwable t) {
            report(h, "toolRetried", t);
        }
    }

    private static void report(RetryHooks h, String where, Throwable t) {
        try {
            h.bridgeError(where, t);
        } catch (Throwable ignored) {
            // the host's retry goes on regardless
        }
    }
}
