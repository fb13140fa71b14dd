package dev.intentguard.agent.http.reactornetty;

import dev.intentguard.agent.http.HttpExchange;
import dev.intentguard.agent.http.HttpGuard;
import dev.intentguard.agent.http.HttpTarget;
import dev.intentguard.bridge.IntentScope;
import dev.intentguard.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;
import reactor.netty.http.client.HttpClientRequest;

import static dev.intentguard.agent.http.reactornetty.ReactorNettyPlugin.CLIENT;

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
        ToolFrame scope = IntentScope.carried(handler);       // the subscription's, even when it is prepared after the tool returned
        HttpGuard guard = HttpGuard.get();
        if (scope == null || guard == null || !(ch instanceof HttpClientRequest)) {
            return;
        }
        HttpClientRequest request = (HttpClientRequest) ch;
        HttpTarget target = HttpTarget.ofUrl(request.method().name(), request.resourceUrl());
        HttpExchange exchange = guard.begin(scope, CLIENT, target);
        if (exchange != null && exchange.keyName() != null) {
            exchange.replacing(request.requestHeaders().get(exchange.keyName()));
            request.requestHeaders().set(exchange.keyName(), exchange.keyValue());
        }
        InFlight.put(ch, new InFlight.Request(handler, exchange));
    }
}
