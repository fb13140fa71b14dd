package dev.intentguard.bridge;

/** What the agent core implements for the advice woven into SDK retry loops and retry frameworks. */
public interface RetryHooks {

    /** An SDK ({@code library}) starts its retry loop for a request in {@code scope}; see {@link RetryDispatch#sdkCall}. */
    void sdkCall(ToolFrame scope, String library, String method, String url);

    /** Whether the SDK's next attempt of its current request must not be sent; see {@link RetryDispatch#stopSdkRetry}. */
    boolean stopSdkRetry(ToolFrame scope, String library, String detail);

    /** Whether a retry framework's next attempt inside {@code scope} must not run; see {@link RetryDispatch#stopFrameworkRetry}. */
    boolean stopFrameworkRetry(ToolFrame scope, String library, Throwable failure);

    /** A retry framework runs a guarded tool again after the agent answered it; see {@link RetryDispatch#toolRetried}. */
    void toolRetried(String library, Throwable answer);

    /** Reports a failure inside retry advice; must not throw. */
    void bridgeError(String where, Throwable error);
}
