package dev.intentguard.agent.http.okhttp;

import dev.intentguard.api.bridge.HttpDispatch;
import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;
import okhttp3.HttpUrl;
import okhttp3.Request;
import okhttp3.internal.http2.ConnectionShutdownException;

import java.io.IOException;

/**
 * On {@code RetryAndFollowUpInterceptor.recover(...)}: {@code true} makes OkHttp send the same request
 * again after an I/O failure ({@code retryOnConnectionFailure}, on by default: a pooled connection the
 * server reset is silently retried on a new one). Inside a side_effect scope with {@code client-retries:
 * suppress}, for a keyed request that may have been sent ({@code HttpDispatch.mayResend}), the answer becomes
 * {@code false}: OkHttp then throws the original exception, and the wire record says {@code NO_RESPONSE}.
 *
 * <p>Failures before sending stay recoverable (another route, another address: nothing is duplicated):
 * 4.x passes {@code requestSendStarted = false} for them (route failures, {@code ConnectionShutdownException});
 * 5.x derives it inside from {@code ConnectionShutdownException} and only retries connect failures inside its
 * exchange finder, never here ({@code RealCall.retryAfterFailure} needs an exchange that failed).
 */
final class SuppressRecoveryAdvice {
    private SuppressRecoveryAdvice() {
    }

    /** 4.x: {@code recover(IOException e, RealCall call, Request userRequest, boolean requestSendStarted)}. */
    static final class OkHttp4 {
        private OkHttp4() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Argument(0) IOException e,
                         @Advice.Argument(2) Request request,
                         @Advice.Argument(3) boolean requestSendStarted,
                         @Advice.Return(readOnly = false) boolean recovered) {
            if (!recovered || !requestSendStarted || request == null) {
                return;
            }
            ToolFrame scope = IntentScope.current();
            if (scope == null) {
                return;
            }
            HttpUrl url = request.url();
            // Not a keyed write, or nothing of it reached the server: OkHttp as usual.
            recovered = HttpDispatch.mayResend(scope, "okhttp", request.method(), url.host(), url.port(), url.encodedPath(),
                    "retryOnConnectionFailure after " + e.getClass().getSimpleName());
        }
    }

    /** 5.x: {@code recover(IOException e, RealCall call, Interceptor.Chain chain, Request userRequest)}. */
    static final class OkHttp5 {
        private OkHttp5() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Argument(0) IOException e,
                         @Advice.Argument(3) Request request,
                         @Advice.Return(readOnly = false) boolean recovered) {
            if (!recovered || e instanceof ConnectionShutdownException || request == null) {
                return;
            }
            ToolFrame scope = IntentScope.current();
            if (scope == null) {
                return;
            }
            HttpUrl url = request.url();
            // Not a keyed write, or nothing of it reached the server: OkHttp as usual.
            recovered = HttpDispatch.mayResend(scope, "okhttp", request.method(), url.host(), url.port(), url.encodedPath(),
                    "retryOnConnectionFailure after " + e.getClass().getSimpleName());
        }
    }
}
