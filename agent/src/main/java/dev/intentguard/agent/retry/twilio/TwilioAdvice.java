package dev.intentguard.agent.retry.twilio;

import com.twilio.http.Request;
import com.twilio.http.Response;
import dev.intentguard.bridge.IntentScope;
import dev.intentguard.bridge.RetryDispatch;
import dev.intentguard.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;

/** twilio-java's {@code com.twilio.http.HttpClient} (see {@link TwilioPlugin}). */
final class TwilioAdvice {
    static final String LIBRARY = "twilio-java";

    private TwilioAdvice() {
    }

    /** On {@code reliableRequest(request, retryCodes, retries, delayMillis)}: the loop's request. */
    static final class Call {
        private Call() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(0) Request request) {
            ToolFrame scope = IntentScope.current();
            if (scope == null || request == null || request.getMethod() == null) {
                return;
            }
            // constructURL: the URL as sent, with the client's region and edge applied (getUrl is the one before)
            RetryDispatch.sdkCall(scope, LIBRARY, request.getMethod().name(), String.valueOf(request.constructURL()));
        }
    }

    /**
     * On the protected {@code shouldRetry(response, retryCodes)}: {@code true} sends the request again (no response,
     * or a status among the retry codes: any 5xx by default).
     */
    static final class Decision {
        private Decision() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Argument(0) Response response, @Advice.Return(readOnly = false) boolean retry) {
            if (!retry) {
                return;
            }
            ToolFrame scope = IntentScope.current();
            if (scope == null) {
                return;
            }
            String after = response == null ? "no response" : "HTTP " + response.getStatusCode();
            if (RetryDispatch.stopSdkRetry(scope, LIBRARY, "reliableRequest retry after " + after)) {
                retry = false;
            }
        }
    }
}
