package dev.intentguard.agent.http.apache5;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.protocol.HttpContext;

import java.io.IOException;

/**
 * On {@code DefaultHttpRequestRetryStrategy.retryRequest}, the question {@code HttpRequestRetryExec} asks after each
 * attempt (default: 1 retry after 1 s; on 429 and 503 for any method, POST included, and on I/O errors for idempotent
 * methods). Inside a side_effect scope with {@code client-retries: suppress}, for a keyed request that may have
 * reached the server, the answer becomes {@code false}: the caller gets the 503 response, or the I/O exception. The
 * strategy's connect-level exceptions (ConnectException, UnknownHostException, ...) are never retried by it, so what
 * is stopped here is always a request that reached the server or may have. Anything else keeps the strategy's answer
 * (the advice returns {@code null}, which is also what a failed advice returns).
 *
 * <p>The async client ({@code AsyncHttpRequestRetryExec}) asks the same strategy on its I/O reactor threads, where no
 * tool scope is current: there the scope is the one the attempt's request was tagged with
 * ({@link AsyncKeyHeaderAdvice}, {@link AsyncAttemptScopeAdvice}).
 *
 * <p>Only this strategy (and subclasses that call it) is covered: a host's own {@code HttpRequestRetryStrategy}
 * written from scratch is asked by the exec chain directly and keeps its resends (with the same key).
 */
final class SuppressRetryAdvice {
    private SuppressRetryAdvice() {
    }

    /** {@code retryRequest(HttpRequest request, IOException exception, int execCount, HttpContext context)}. */
    static final class OnIoError {
        private OnIoError() {
        }

        @Advice.OnMethodExit(inline = false)
        @Advice.AssignReturned.ToReturned(typing = Assigner.Typing.DYNAMIC)
        @Advice.AssignReturned.AsScalar                               // null (also a failed advice's): keep the answer
        static Boolean exit(@Advice.Argument(0) HttpRequest request, @Advice.Argument(1) IOException exception,
                            @Advice.Return boolean retry) {
            return !retry ? null : Apache5Requests.mayRetry(request, Apache5Requests.detail(exception));
        }
    }

    /** {@code retryRequest(HttpResponse response, int execCount, HttpContext context)}; the request is the context's. */
    static final class OnStatus {
        private OnStatus() {
        }

        @Advice.OnMethodExit(inline = false)
        @Advice.AssignReturned.ToReturned(typing = Assigner.Typing.DYNAMIC)
        @Advice.AssignReturned.AsScalar                               // null (also a failed advice's): keep the answer
        static Boolean exit(@Advice.Argument(0) HttpResponse response, @Advice.Argument(2) HttpContext context,
                            @Advice.Return boolean retry) {
            return !retry ? null : Apache5Requests.mayRetry(Apache5Requests.request(context),
                    "HttpRequestRetryExec after HTTP " + response.getCode());
        }
    }
}
