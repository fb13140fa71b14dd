package dev.intentguard.agent.retry.azure;

import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import dev.intentguard.agent.http.HttpGuard;
import dev.intentguard.agent.retry.SdkAttempts;
import dev.intentguard.bridge.IntentScope;
import dev.intentguard.bridge.ToolFrame;

/**
 * azure-core's adapter (see {@link AzureRetryPlugin}): the pipeline's request gets the key header once, on the request
 * the policy copies for each attempt; each attempt's answer or failure is what {@link SdkAttempts} records when the
 * transport's plugin did not; the retry decisions judge.
 */
final class AzureCalls {
    static final String LIBRARY = "azure-core";

    private AzureCalls() {
    }

    static void attempt(Object context, HttpRequest request, int tryCount) {
        ToolFrame scope = IntentScope.current();
        if (scope == null || request == null) {
            return;
        }
        if (tryCount == 0) {
            IntentScope.carry(context, scope);           // the reactive loop decides on other threads
            String method = request.getHttpMethod() == null ? null : request.getHttpMethod().name();
            if (!SdkAttempts.begin(scope, scope, LIBRARY, method, String.valueOf(request.getUrl()))) {
                return;
            }
            HttpGuard guard = HttpGuard.get();
            String key = SdkAttempts.key(scope, request.getHeaders().getValue(guard.keyHeader()));
            if (key != null) {
                request.setHeader(guard.keyHeader(), key);
            }
        }
        SdkAttempts.attemptStarts(scope);
    }

    /** {@code Boolean.FALSE} to stop the retry {@code shouldRetry} allowed, or {@code null} to keep its answer. */
    static Object afterResponse(HttpResponse response, boolean retry) {
        ToolFrame scope = IntentScope.current();
        if (scope == null || response == null) {
            return null;
        }
        SdkAttempts.answered(scope, response.getStatusCode(), response.getHeaderValue("Retry-After"));
        return retry && SdkAttempts.stopRetry(scope, "RetryPolicy") ? Boolean.FALSE : null;
    }

    /** The same after a failure ({@code shouldRetryException}). */
    static Object afterFailure(Throwable failure, boolean retry) {
        ToolFrame scope = IntentScope.current();
        if (scope == null) {
            return null;
        }
        SdkAttempts.failed(scope, failure);
        return retry && SdkAttempts.stopRetry(scope, "RetryPolicy") ? Boolean.FALSE : null;
    }
}
