package dev.intentguard.agent.retry.stainless;

import com.anthropic.core.http.HttpRequest;
import com.anthropic.core.http.HttpResponse;
import dev.intentguard.bridge.IntentScope;
import dev.intentguard.bridge.RetryDispatch;
import dev.intentguard.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * anthropic-java's {@code com.anthropic.core.http.RetryingHttpClient} (see {@link StainlessPlugin}). The same three
 * pieces exist for each Stainless SDK because each names its own package's request and response types.
 */
final class AnthropicAdvice {
    static final String LIBRARY = "anthropic-java";

    private AnthropicAdvice() {
    }

    /**
     * On {@code execute(request, options)} and {@code executeAsync(request, options)}: the loop's request
     * (method and URL as the SDK's HTTP client builds it: base URL, then each path segment, encoded).
     */
    static final class Call {
        private Call() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(0) HttpRequest request) {
            ToolFrame scope = IntentScope.current();
            if (scope == null || request == null) {
                return;
            }
            StringBuilder url = new StringBuilder(request.baseUrl());
            for (String segment : request.pathSegments()) {
                if (url.length() == 0 || url.charAt(url.length() - 1) != '/') {
                    url.append('/');
                }
                url.append(URLEncoder.encode(segment, StandardCharsets.UTF_8));
            }
            RetryDispatch.sdkCall(scope, LIBRARY, request.method().name(), url.toString());
        }
    }

    /** On the private {@code shouldRetry(HttpResponse)}: {@code true} sends the request again (408, 409, 429, 5xx). */
    static final class ResponseDecision {
        private ResponseDecision() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Argument(0) HttpResponse response, @Advice.Return(readOnly = false) boolean retry) {
            if (!retry) {
                return;
            }
            ToolFrame scope = IntentScope.current();
            if (scope != null && RetryDispatch.stopSdkRetry(scope, LIBRARY,
                    "RetryingHttpClient retry after HTTP " + response.statusCode())) {
                retry = false;
            }
        }
    }

    /** On the private {@code shouldRetry(Throwable)}: {@code true} sends the request again (any I/O failure, a timeout). */
    static final class FailureDecision {
        private FailureDecision() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Argument(0) Throwable failure, @Advice.Return(readOnly = false) boolean retry) {
            if (!retry) {
                return;
            }
            ToolFrame scope = IntentScope.current();
            Throwable cause = failure.getCause() != null && !(failure instanceof java.io.IOException) ? failure.getCause() : failure;
            if (scope != null && RetryDispatch.stopSdkRetry(scope, LIBRARY,
                    "RetryingHttpClient retry after " + cause.getClass().getSimpleName())) {
                retry = false;
            }
        }
    }
}
