package dev.intentguard.agent.http.apache5;

import net.bytebuddy.asm.Advice;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpResponse;

/**
 * Async client: on the exchange handler {@code HttpAsyncMainClientExec} creates per attempt (its anonymous
 * {@code AsyncClientExchangeHandler}, {@code HttpAsyncMainClientExec$1}, which holds the attempt's request in the
 * captured field {@code val$request}). Its callbacks run on the I/O reactor thread; the tool scope comes from the
 * request's tag ({@link AsyncAttemptScopeAdvice}).
 * <ul>
 *   <li>{@code produceRequest}: the request is handed to the connection (the handler is tagged);</li>
 *   <li>{@code consumeResponse}: {@code RESPONSE} with the status;</li>
 *   <li>{@code failed}: {@code NO_RESPONSE} once the request was handed over, else {@code NOT_SENT}.</li>
 * </ul>
 */
final class AsyncWireAttemptAdvice {
    private AsyncWireAttemptAdvice() {
    }

    /** {@code produceRequest(RequestChannel, HttpContext)}. */
    static final class Sent {
        private Sent() {
        }

        @Advice.OnMethodEnter(inline = false)
        static void enter(@Advice.This Object handler, @Advice.FieldValue("val$request") HttpRequest request) {
            Apache5Requests.handedOver(handler, request);
        }
    }

    /** {@code consumeResponse(HttpResponse, EntityDetails, HttpContext)}. */
    static final class Answered {
        private Answered() {
        }

        @Advice.OnMethodEnter(inline = false)
        static void enter(@Advice.FieldValue("val$request") HttpRequest request, @Advice.Argument(0) HttpResponse response) {
            Apache5Requests.answeredAsync(request, response);
        }
    }

    /** {@code failed(Exception)}. */
    static final class Failed {
        private Failed() {
        }

        @Advice.OnMethodEnter(inline = false)
        static void enter(@Advice.This Object handler, @Advice.FieldValue("val$request") HttpRequest request,
                          @Advice.Argument(0) Exception cause) {
            Apache5Requests.failedAsync(handler, request, cause);
        }
    }
}
