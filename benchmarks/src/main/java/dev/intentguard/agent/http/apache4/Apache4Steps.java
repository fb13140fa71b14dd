package dev.intentguard.agent.http.apache4;

import dev.intentguard.bench.adapter.RequestSteps;
import org.apache.http.HttpHost;
import org.apache.http.HttpVersion;
import org.apache.http.client.methods.HttpPost;
import org.apache.http.entity.ContentType;
import org.apache.http.entity.StringEntity;
import org.apache.http.message.BasicHttpResponse;
import org.apache.http.protocol.BasicHttpContext;
import org.apache.http.protocol.HttpContext;

/**
 * HttpClient 4's plugin for one request ({@code AdapterSteps}): {@code doExecute} begins the exchange and puts the key
 * on the caller's request ({@code ExchangeAdvice}), httpcore's executor writes it and reads the head
 * ({@code WireAdvice.Attempt}, reading the context's target host), {@code doExecute} returns and the request is given
 * back as it was. The exec context is made per request in every variant, as the client makes it.
 */
public final class Apache4Steps implements RequestSteps {
    private final boolean agent;
    private final HttpHost host = new HttpHost("127.0.0.1", 8080, "http");
    private final HttpPost[] requests = new HttpPost[16];

    public Apache4Steps(boolean agent) {
        this.agent = agent;
        for (int i = 0; i < requests.length; i++) {
            requests[i] = new HttpPost("/v1/refunds/" + i);
            requests[i].setEntity(new StringEntity("{\"amount\":4900}", ContentType.APPLICATION_JSON));
        }
    }

    @Override
    public Object request(int n) throws Exception {
        HttpPost request = requests[n & 15];
        HttpContext context = new BasicHttpContext();
        context.setAttribute("http.target_host", host);
        BasicHttpResponse response = new BasicHttpResponse(HttpVersion.HTTP_1_1, 200, "OK");
        if (!agent) {
            return response;
        }
        Apache4Requests.Send send = Apache4Requests.begin(host, request);
        Apache4Requests.answered(request, context, response, null);
        if (send != null) {
            send.end(request);
        }
        return response;
    }
}
