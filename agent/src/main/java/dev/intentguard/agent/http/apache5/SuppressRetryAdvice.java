package dev.intentguard.agent.http.apache5;

import dev.intentguard.api.bridge.HttpDispatch;
import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.http.protocol.HttpCoreContext;
import org.apache.hc.core5.net.URIAuthority;

import java.io.IOException;

/**
 * On {@code DefaultHttpRequestRetryStrategy.retryRequest}, the question {@code HttpRequestRetryExec} asks
 * after each attempt (default: 1 retry after 1 s; on 429 and 503 for any method, POST included, and on
 * I/O errors for idempotent methods). Inside a side_effect scope with {@code client-retries: suppress}, for a
 * keyed request that may have reached the server ({@code HttpDispatch.mayResend}), the answer becomes
 * {@code false}: the caller gets the 503 response, or the I/O exception.
 * The strategy's connect-level exceptions (ConnectException, UnknownHostException, ...) are never retried
 * by it, so what is stopped here is always a request that reached the server or may have.
 *
 * <p>The async client ({@code AsyncHttpRequestRetryExec}) asks the same strategy on its I/O reactor
 * threads, where no tool scope is current: there the scope is the one the attempt's request was tagged with
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

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Argument(0) HttpRequest request,
                         @Advice.Argument(1) IOException exception,
                         @Advice.Return(readOnly = false) boolean retry) {
            if (!retry || request == null) {
                return;
            }
            ToolFrame scope = IntentScope.current();
            if (scope == null) {
                scope = IntentScope.carried(request);                     // async: asked on a reactor thread
            }
            if (scope == null) {
                return;
            }
            URIAuthority authority = request.getAuthority();
            if (authority == null) {
                return;
            }
            int port = authority.getPort() >= 0 ? authority.getPort() : "https".equalsIgnoreCase(request.getScheme()) ? 443 : 80;
            String path = request.getPath();
            int query = path == null ? -1 : path.indexOf('?');
            if (query >= 0) {
                path = path.substring(0, query);
            }
            // Not keyed (read, host off the allowlist), or nothing of it reached the server: the client's retries as usual.
            retry = HttpDispatch.mayResend(scope, "httpclient5", request.getMethod(), authority.getHostName(), port, path,
                    "HttpRequestRetryExec after " + (exception == null ? "I/O error" : exception.getClass().getSimpleName()));
        }
    }

    /** {@code retryRequest(HttpResponse response, int execCount, HttpContext context)}; the request is the context's. */
    static final class OnStatus {
        private OnStatus() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Argument(0) HttpResponse response,
                         @Advice.Argument(2) HttpContext context,
                         @Advice.Return(readOnly = false) boolean retry) {
            if (!retry || !(context instanceof HttpCoreContext)) {
                return;
            }
            HttpRequest request = ((HttpCoreContext) context).getRequest();   // the main exec sets it per attempt
            ToolFrame scope = IntentScope.current();
            if (scope == null) {
                scope = IntentScope.carried(request);                     // async: asked on a reactor thread
            }
            if (scope == null) {
                return;
            }
            URIAuthority authority = request == null ? null : request.getAuthority();
            if (authority == null) {
                return;
            }
            int port = authority.getPort() >= 0 ? authority.getPort() : "https".equalsIgnoreCase(request.getScheme()) ? 443 : 80;
            String path = request.getPath();
            int query = path == null ? -1 : path.indexOf('?');
            if (query >= 0) {
                path = path.substring(0, query);
            }
            retry = HttpDispatch.mayResend(scope, "httpclient5", request.getMethod(), authority.getHostName(), port, path,
                    "HttpRequestRetryExec after HTTP " + response.getCode());
        }
    }
}
