package dev.intentguard.agent.http.apache4;

import dev.intentguard.agent.http.HttpTarget;
import dev.intentguard.agent.wire.WireOutcome;
import net.bytebuddy.asm.Advice;
import org.apache.http.HttpRequest;
import org.apache.http.HttpResponse;
import org.apache.http.conn.routing.HttpRoute;
import org.apache.http.protocol.HttpContext;

/** What each attempt showed on the wire. */
final class WireAdvice {
    private WireAdvice() {
    }

    /**
     * httpcore's {@code HttpRequestExecutor.execute(request, connection, context)}: the request written on a connected
     * connection and the response head read. A response is {@code RESPONSE} with its status; an exception means sent,
     * or maybe sent, without an answer.
     */
    static final class Attempt {
        private Attempt() {
        }

        @Advice.OnMethodExit(inline = false, onThrowable = Throwable.class)
        static void exit(@Advice.Argument(0) HttpRequest request, @Advice.Argument(2) HttpContext context,
                         @Advice.Return HttpResponse response, @Advice.Thrown Throwable thrown) {
            Apache4Requests.answered(request, context, response, thrown);
        }
    }

    /**
     * {@code MainClientExec.establishRoute(proxyAuthState, connection, route, request, context)}: a new connection is
     * opened (and tunnelled) before the request is written, so a failure here means nothing of it reached the server.
     */
    static final class ConnectFailed {
        private ConnectFailed() {
        }

        @Advice.OnMethodExit(inline = false, onThrowable = Throwable.class)
        static void exit(@Advice.Argument(2) HttpRoute route, @Advice.Argument(3) HttpRequest request,
                         @Advice.Thrown Throwable thrown) {
            if (thrown != null && route != null) {
                HttpTarget target = Apache4Requests.target(route.getTargetHost(), request);
                Apache4Requests.attempt(target, WireOutcome.NOT_SENT, 0, thrown.getClass().getSimpleName());
            }
        }
    }
}
