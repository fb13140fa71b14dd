package dev.intentguard.agent.http.jetty;

import dev.intentguard.bench.adapter.RequestSteps;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.client.StringRequestContent;
import org.eclipse.jetty.client.transport.HttpRequest;
import org.eclipse.jetty.http.HttpFields;

/**
 * Jetty's plugin for one request ({@code AdapterSteps}): {@code sendAsync} begins the send on the caller's thread
 * ({@code SendAdvice}: the key, the state on the conversation, the listeners), the sender begins the headers
 * ({@code WireAdvice.Headers}), the receiver gets the head and its Retry-After ({@code WireAdvice.Answer}), and the final head ends the
 * hand-off (the listener). A Jetty request is single-use: it is made per request in every variant.
 */
public final class JettySteps implements RequestSteps, AutoCloseable {
    private final boolean agent;
    private final HttpClient client = new HttpClient();
    /** A response head as the receiver holds it: the answer's Retry-After is looked up in it. */
    private final HttpFields head = HttpFields.build().add("Content-Type", "application/json").add("Content-Length", "42")
            .add("Date", "Wed, 02 Dec 2026 09:00:00 GMT").asImmutable();

    public JettySteps(boolean agent) throws Exception {
        this.agent = agent;
        client.start();
    }

    @Override
    public Object request(int n) {
        Request request = client.newRequest("http://127.0.0.1:8080/v1/refunds/" + (n & 15)).method("POST")
                .body(new StringRequestContent("application/json", "{\"amount\":4900}"));
        if (!agent) {
            return request;
        }
        HttpRequest r = (HttpRequest) request;
        JettySend.sending(r, r.getConversation());
        JettySend.written(r, r.getConversation());
        JettySend.answered(r, r.getConversation(), 200, head);
        Object send = r.getConversation().getAttribute("dev.intentguard.jetty.send");
        if (send instanceof JettySend) {
            ((JettySend) send).onBegin(null);
        }
        return request;
    }

    @Override
    public void close() throws Exception {
        client.stop();
    }
}
