package dev.intentguard.agent.http.reactornetty;

import dev.intentguard.agent.http.HttpExchange;
import dev.intentguard.agent.http.HttpGuard;
import dev.intentguard.agent.wire.WireOutcome;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import net.bytebuddy.asm.Advice;
import reactor.netty.http.HttpOperations;

import static dev.intentguard.agent.http.reactornetty.ReactorNettyPlugin.CLIENT;

/** What each request's connection showed. */
final class OutcomeAdvice {
    private OutcomeAdvice() {
    }

    /** {@code HttpClientOperations.onInboundNext(ctx, msg)}: the response head (a 100 Continue is not the answer). */
    static final class Answered {
        private Answered() {
        }

        @Advice.OnMethodEnter(inline = false)
        static void enter(@Advice.This Object ch, @Advice.Argument(1) Object msg) {
            if (!(msg instanceof HttpResponse) || InFlight.isEmpty()) {
                return;
            }
            HttpResponseStatus status = ((HttpResponse) msg).status();
            if (status.code() == 100) {
                return;
            }
            InFlight.Request request = InFlight.remove(ch);
            if (request == null) {
                return;
            }
            HttpExchange exchange = request.exchange;
            if (exchange != null) {
                HttpGuard.get().attempt(exchange.scope(), CLIENT, exchange.target(), WireOutcome.RESPONSE, status.code(), null);
                exchange.end();
            }
            InFlight.over(request.handler);                 // answered: the subscription's outcome is known
        }
    }

    /**
     * {@code HttpObserver.onUncaughtException(connection, error)}: a failure on the request's connection before its
     * answer. Headers not handed to Netty yet mean nothing of it was written (Reactor Netty retries that case itself,
     * once, as a new send); otherwise it was sent, or may have been.
     */
    static final class Failed {
        private Failed() {
        }

        @Advice.OnMethodEnter(inline = false)
        static void enter(@Advice.Argument(0) Object connection, @Advice.Argument(1) Throwable error) {
            if (InFlight.isEmpty()) {
                return;
            }
            InFlight.Request request = InFlight.remove(connection);
            HttpExchange exchange = request == null ? null : request.exchange;
            if (exchange == null) {
                return;                                     // the hand-off ends in HttpClientHandler.test, after this
            }
            boolean sent = !(connection instanceof HttpOperations) || ((HttpOperations<?, ?>) connection).hasSentHeaders();
            HttpGuard.get().attempt(exchange.scope(), CLIENT, exchange.target(),
                    sent ? WireOutcome.NO_RESPONSE : WireOutcome.NOT_SENT, 0,
                    error == null ? null : error.getClass().getSimpleName());
            exchange.end();
        }
    }
}
