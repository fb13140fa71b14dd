package dev.intentguard.agent.http.apache4;

import net.bytebuddy.asm.Advice;
import org.apache.http.HttpResponse;
import org.apache.http.protocol.HttpContext;

import java.io.IOException;

/**
 * The questions HttpClient 4's retry execs ask before a resend. For a keyed write of a side-effect call under
 * {@code client-retries: suppress} that may have been acted on, the answer becomes {@code false}: the caller gets the
 * I/O error, or the 503. Anything else keeps the library's answer.
 */
final class RetryAdvice {
    private RetryAdvice() {
    }

    /** {@code DefaultHttpRequestRetryHandler.retryRequest(IOException, int executionCount, HttpContext)}. */
    static final class OnIoError {
        private OnIoError() {
        }

        @Advice.OnMethodExit(inline = false)
        @Advice.AssignReturned.ToReturned
        @Advice.AssignReturned.AsScalar(skipOnDefaultValue = false)   // false is the answer that matters
        static boolean exit(@Advice.Argument(0) IOException exception, @Advice.Argument(2) HttpContext context,
                            @Advice.Return boolean retry) {
            return retry && Apache4Requests.mayResend(context, "RetryExec after "
                    + (exception == null ? "I/O error" : exception.getClass().getSimpleName()));
        }
    }

    /** {@code DefaultServiceUnavailableRetryStrategy.retryRequest(HttpResponse, int executionCount, HttpContext)}. */
    static final class OnStatus {
        private OnStatus() {
        }

        @Advice.OnMethodExit(inline = false)
        @Advice.AssignReturned.ToReturned
        @Advice.AssignReturned.AsScalar(skipOnDefaultValue = false)   // false is the answer that matters
        static boolean exit(@Advice.Argument(0) HttpResponse response, @Advice.Argument(2) HttpContext context,
                            @Advice.Return boolean retry) {
            return retry && Apache4Requests.mayResend(context, "ServiceUnavailableRetryExec after HTTP "
                    + response.getStatusLine().getStatusCode());
        }
    }
}
