package dev.intentguard.agent.http.apache5;

import dev.intentguard.bench.adapter.RequestSteps;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.io.entity.StringEntity;
import org.apache.hc.core5.http.message.BasicClassicHttpRequest;
import org.apache.hc.core5.http.message.BasicClassicHttpResponse;

/**
 * HttpClient 5 classic's plugin for one request ({@code AdapterSteps}): {@code doExecute} begins the exchange and puts
 * the key on the caller's request ({@code KeyHeaderAdvice}), httpcore's executor writes it and reads the head
 * ({@code WireAttemptAdvice}), {@code doExecute} returns and the caller's request is given back as it was.
 */
public final class Apache5Steps implements RequestSteps {
    private final boolean agent;
    private final HttpHost host = new HttpHost("http", "127.0.0.1", 8080);
    private final ClassicHttpRequest[] requests = new ClassicHttpRequest[16];

    public Apache5Steps(boolean agent) {
        this.agent = agent;
        for (int i = 0; i < requests.length; i++) {
            requests[i] = new BasicClassicHttpRequest("POST", host, "/v1/refunds/" + i);  // as the exec chain routes it
            requests[i].setEntity(new StringEntity("{\"amount\":4900}", ContentType.APPLICATION_JSON));
        }
    }

    @Override
    public Object request(int n) throws Exception {
        ClassicHttpRequest request = requests[n & 15];
        BasicClassicHttpResponse response = new BasicClassicHttpResponse(200);
        if (!agent) {
            return response;
        }
        Apache5Requests.Send send = Apache5Requests.begin(host, request);
        Apache5Requests.writing(request);
        Apache5Requests.answered(request, response, null);
        if (send != null) {
            send.end(request);
        }
        return response;
    }
}
