package dev.intentguard.agent.http.reactornetty;

import net.bytebuddy.asm.Advice;
import reactor.netty.http.client.HttpClientRequest;

/**
 * At the end of {@code HttpClientHandler.requestWithBody(ch)}, on the event loop: the request is prepared (method,
 * URI, the handler's default headers, the application's own from its send function) and nothing is written yet. The
 * send begins here; a refused one throws the guard's {@code IOException}, which Reactor Netty delivers to the
 * subscriber as the request's failure (it does not retry it: the message is not a connection reset's). The key is set
 * on the request's headers.
 */
final class RequestAdvice {
    private RequestAdvice() {
    }

    @Advice.OnMethodExit(inline = false)
    static void exit(@Advice.This Object handler, @Advice.Argument(0) Object ch) throws java.io.IOException {
        if (ch instanceof HttpClientRequest) {
            HttpClientRequest request = (HttpClientRequest) ch;
            ReactorRequests.prepared(handler, ch, request.method().name(), request.resourceUrl(), request.requestHeaders());
        }
    }
}
