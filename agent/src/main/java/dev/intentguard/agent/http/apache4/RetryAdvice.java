package dev.intentguard.agent.http.apache4;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;
import org.apache.http.HttpResponse;
import org.apache.http.protocol.HttpContext;

import java.io.IOException;

/**
 * The questions HttpClient 4's retry execs ask before a resend. For a keyed write of a side-effect call under
 * {@code client-retries: suppress} that may have been acted on, the answer becomes {@code false}: the caller gets the
 * I/O error, or the 503. Anything else keeps the library's answer: the advice returns {@code null} for that, which is
 * also what a failed or unlinked advice returns, so a fault of ours never changes the library's decision.
 */
final class RetryAdvice {
    private RetryAdvice() {
    }

    /** {@code DefaultHttpRequestRetryHandler.retryRequest(IOException, int executionCount, HttpContext)}. */
    static final class OnIoError {
        private OnIoError() {
        }

        @Advice.OnMethodExit(inline = false)
        @Advice.AssignReturned.ToReturned(typing = Assigner.Typing.DYNAMIC)
        @Advice.AssignReturned.AsScalar                                // null (also a failed advice's): keep the answer
        static Boolean exit(@Advice.Argument(0) IOException exception, @Advice.Argument(2) HttpContext context,
                            @Advice.Return boolean retry) {
            return !retry ? null : Apache4Requests.mayResend(context, "RetryExec after "
                    + (exception == null ? "I/O error" : exception.getClass().getSimpleName()));
        }
    }

    /** {@code DefaultServiceUnavailableRetryStrategy.retryRequest(HttpResponse, int executionCount, HttpContext)}. */
    static final class OnStatus {
        private OnStatus() {
        }

        @Advice.OnMethodExit(inline = false)
        @Advice.AssignReturned.ToReturned(typing = Assigner.Typing.DYNAMIC)
        @Advice.AssignReturned.AsScalar                                // null (also a failed advice's): keep the answer
        static Boolean exit(@Advice.Argument(0) HttpResponse response, @Advice.Argument(2) HttpContext context,
                            @Advice.Return boolean retry) {
            return !retry ? null : Apache4Requests.mayResend(context, "ServiceUnavailableRetryExec after HTTP "
                    + response.getStatusLine().getStatusCode());
        }
    }
}
