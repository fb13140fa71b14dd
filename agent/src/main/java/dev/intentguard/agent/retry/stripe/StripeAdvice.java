package dev.intentguard.agent.retry.stripe;

import com.stripe.exception.StripeException;
import com.stripe.net.StripeRequest;
import dev.intentguard.bridge.IntentScope;
import dev.intentguard.bridge.RetryDispatch;
import dev.intentguard.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;

/** stripe-java's {@code com.stripe.net.HttpClient} (see {@link StripePlugin}). */
final class StripeAdvice {
    static final String LIBRARY = "stripe-java";

    private StripeAdvice() {
    }

    /** On {@code sendWithRetries(request, send)}: the loop's request. */
    static final class Call {
        private Call() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(0) StripeRequest request) {
            ToolFrame scope = IntentScope.current();
            if (scope == null || request == null) {
                return;
            }
            RetryDispatch.sdkCall(scope, LIBRARY, request.method().name(), String.valueOf(request.url()));
        }
    }

    /**
     * On the private {@code shouldRetry(numRetries, exception, request, response)}: {@code true} sends the
     * request again (a connect failure or a timeout, {@code Stripe-Should-Retry: true}, 409, 5xx). The response
     * is an {@code AbstractStripeResponse}, package-private: taken as an object (its status is on the wire record).
     */
    static final class Decision {
        private Decision() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Argument(1) StripeException exception,
                         @Advice.Argument(3) Object response,
                         @Advice.Return(readOnly = false) boolean retry) {
            if (!retry) {
                return;
            }
            ToolFrame scope = IntentScope.current();
            if (scope == null) {
                return;
            }
            String after = exception != null
                    ? (exception.getCause() != null ? exception.getCause() : exception).getClass().getSimpleName()
                    : response != null ? "a retryable response (409, 5xx or Stripe-Should-Retry)" : "a failure";
            if (RetryDispatch.stopSdkRetry(scope, LIBRARY, "maxNetworkRetries retry after " + after)) {
                retry = false;
            }
        }
    }
}
