package dev.intentguard.agent.http.reactornetty;

import io.netty.handler.codec.http.HttpResponse;
import net.bytebuddy.asm.Advice;

/** What each request's connection showed ({@link ReactorRequests}). */
final class OutcomeAdvice {
    private OutcomeAdvice() {
    }

    /** {@code HttpClientOperations.onInboundNext(ctx, msg)}: the response head. */
    static final class Answered {
        private Answered() {
        }

        @Advice.OnMethodEnter(inline = false)
        static void enter(@Advice.This Object ch, @Advice.Argument(1) Object msg) {
            if (msg instanceof HttpResponse) {
                HttpResponse response = (HttpResponse) msg;
                ReactorRequests.answered(ch, response.status().code(), response.headers());
            }
        }
    }

    /** {@code HttpObserver.onUncaughtException(connection, error)}: a failure on the request's connection. */
    static final class Failed {
        private Failed() {
        }

        @Advice.OnMethodEnter(inline = false)
        static void enter(@Advice.Argument(0) Object connection, @Advice.Argument(1) Throwable error) {
            ReactorRequests.failed(connection, error);
        }
    }
}
