package dev.intentguard.agent.http.jetty;

import net.bytebuddy.asm.Advice;
import org.eclipse.jetty.client.transport.HttpExchange;

/** What each attempt showed on the wire, on the client's threads. */
final class WireAdvice {
    private WireAdvice() {
    }

    /**
     * {@code HttpSender.beginToHeaders(exchange)}: {@code true} when the request's headers are about to be written, so
     * that from then on it may reach the server; a failure before it means nothing was sent.
     */
    static final class Headers {
        private Headers() {
        }

        @Advice.OnMethodExit(inline = false)
        static void exit(@Advice.Argument(0) HttpExchange exchange, @Advice.Return boolean begun) {
            if (begun && exchange != null) {
                JettySend.written(exchange.getRequest(), exchange.getConversation());
            }
        }
    }

    /**
     * {@code HttpReceiver.responseHeaders(exchange)}: a response head, status and headers read (not {@code responseBegin},
     * which comes before the headers: the answer's {@code Retry-After} is one of them).
     */
    static final class Answer {
        private Answer() {
        }

        @Advice.OnMethodEnter(inline = false)
        static void enter(@Advice.Argument(0) HttpExchange exchange) {
            if (exchange != null) {
                JettySend.answered(exchange.getRequest(), exchange.getConversation(), exchange.getResponse().getStatus(),
                        exchange.getResponse().getHeaders());
            }
        }
    }
}
