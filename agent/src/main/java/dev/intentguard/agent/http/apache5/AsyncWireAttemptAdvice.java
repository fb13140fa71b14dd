package dev.intentguard.agent.http.apache5;

import dev.intentguard.api.bridge.HttpDispatch;
import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.net.URIAuthority;

/**
 * Async client: on the exchange handler {@code HttpAsyncMainClientExec} creates per attempt (its anonymous
 * {@code AsyncClientExchangeHandler}, {@code HttpAsyncMainClientExec$1}, which holds the attempt's request in
 * the captured field {@code val$request}). Its callbacks run on the I/O reactor thread; the tool scope comes
 * from the request's tag ({@link AsyncAttemptScopeAdvice}).
 * <ul>
 *   <li>{@code produceRequest}: the request is handed to the connection (the handler is tagged);</li>
 *   <li>{@code consumeResponse}: {@code RESPONSE} with the status;</li>
 *   <li>{@code failed}: {@code NO_RESPONSE} once the request was handed over, else {@code NOT_SENT} (a pooled
 *       connection that was found closed before the request started). A failure after the response head
 *       (the body broke off) also reads as {@code NO_RESPONSE}: unknown, the safe side.</li>
 * </ul>
 */
final class AsyncWireAttemptAdvice {
    private AsyncWireAttemptAdvice() {
    }

    /** {@code produceRequest(RequestChannel, HttpContext)}. */
    static final class Sent {
        private Sent() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This Object handler, @Advice.FieldValue("val$request") HttpRequest request) {
            IntentScope.carry(handler, IntentScope.carried(request));
        }
    }

    /** {@code consumeResponse(HttpResponse, EntityDetails, HttpContext)}. */
    static final class Answered {
        private Answered() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.FieldValue("val$request") HttpRequest request, @Advice.Argument(0) HttpResponse response) {
            ToolFrame scope = IntentScope.carried(request);
            URIAuthority authority = request == null ? null : request.getAuthority();
            if (scope == null || authority == null || response == null) {
                return;
            }
            int port = authority.getPort() >= 0 ? authority.getPort() : "https".equalsIgnoreCase(request.getScheme()) ? 443 : 80;
            String path = request.getPath();
            int query = path == null ? -1 : path.indexOf('?');
            if (query >= 0) {
                path = path.substring(0, query);
            }
            HttpDispatch.attempt(scope, "httpclient5-async", request.getMethod(), authority.getHostName(), port, path,
                    HttpDispatch.RESPONSE, response.getCode(), null);
        }
    }

    /** {@code failed(Exception)}. */
    static final class Failed {
        private Failed() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This Object handler,
                          @Advice.FieldValue("val$request") HttpRequest request,
                          @Advice.Argument(0) Exception cause) {
            ToolFrame scope = IntentScope.carried(request);
            URIAuthority authority = request == null ? null : request.getAuthority();
            if (scope == null || authority == null) {
                return;
            }
            int port = authority.getPort() >= 0 ? authority.getPort() : "https".equalsIgnoreCase(request.getScheme()) ? 443 : 80;
            String path = request.getPath();
            int query = path == null ? -1 : path.indexOf('?');
            if (query >= 0) {
                path = path.substring(0, query);
            }
            boolean handedOver = IntentScope.carried(handler) != null;
            HttpDispatch.attempt(scope, "httpclient5-async", request.getMethod(), authority.getHostName(), port, path,
                    handedOver ? HttpDispatch.NO_RESPONSE : HttpDispatch.NOT_SENT, 0,
                    cause == null ? null : cause.getClass().getSimpleName());
        }
    }
}
