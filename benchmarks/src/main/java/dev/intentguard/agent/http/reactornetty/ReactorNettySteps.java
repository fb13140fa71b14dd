package dev.intentguard.agent.http.reactornetty;

import dev.intentguard.bench.adapter.RequestSteps;
import dev.intentguard.bridge.IntentScope;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;

/**
 * Reactor Netty's plugin for one request ({@code AdapterSteps}): the subscription made in the tool is tagged with its
 * scope and is a hand-off ({@code SubscribeAdvice}), the prepared request begins its send and gets the key on Netty's
 * headers ({@code RequestAdvice}), its response head ends it ({@code OutcomeAdvice.Answered}). The subscription and
 * the connection are stand-ins (two objects), so the walk up the subscriber chain that finds the scope of a
 * resubscription is not in it; the headers are Netty's own, made per request in every variant.
 */
public final class ReactorNettySteps implements RequestSteps {
    private final boolean agent;
    private final String[] urls = new String[16];

    public ReactorNettySteps(boolean agent) {
        this.agent = agent;
        for (int i = 0; i < urls.length; i++) {
            urls[i] = "http://127.0.0.1:8080/v1/refunds/" + i;
        }
    }

    @Override
    public Object request(int n) throws Exception {
        HttpHeaders headers = new DefaultHttpHeaders().set("Content-Type", "application/json");
        if (!agent) {
            return headers;
        }
        Object handler = new Object();
        Object connection = new Object();
        if (IntentScope.current() != null) {
            InFlight.subscribed(handler, IntentScope.current());
        }
        ReactorRequests.prepared(handler, connection, "POST", urls[n & 15], headers);
        ReactorRequests.answered(connection, 200, null);
        return headers;
    }
}
