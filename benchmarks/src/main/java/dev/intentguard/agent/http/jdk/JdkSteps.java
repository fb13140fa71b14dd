package dev.intentguard.agent.http.jdk;

import dev.intentguard.bench.adapter.RequestSteps;

import java.net.URI;
import java.net.http.HttpRequest;

/**
 * The JDK client's plugin for one request ({@code AdapterSteps}): the send begins on the caller's thread
 * ({@code KeyHeaderAdvice}: the key, on a request that delegates to the caller's), the client reads the headers into its
 * own copy, which carries the scope ({@code CarryScopeAdvice}), the response head arrives ({@code ResponseAdvice}), the
 * send returns. Without the agent: the client reads the caller's headers.
 */
public final class JdkSteps implements RequestSteps {
    private final boolean agent;
    private final HttpRequest[] requests = new HttpRequest[16];

    public JdkSteps(boolean agent) {
        this.agent = agent;
        for (int i = 0; i < requests.length; i++) {
            requests[i] = HttpRequest.newBuilder(URI.create("http://127.0.0.1:8080/v1/refunds/" + i))
                    .POST(HttpRequest.BodyPublishers.ofString("{\"amount\":4900}"))
                    .header("Content-Type", "application/json").build();
        }
    }

    @Override
    public Object request(int n) {
        HttpRequest request = requests[n & 15];
        if (!agent) {
            return request.headers();
        }
        Object[] begun = JdkRequests.begin(request);
        HttpRequest sent = begun == null ? request : (HttpRequest) begun[JdkRequests.REQUEST];
        Object headers = sent.headers();
        JdkRequests.copied(sent);
        JdkRequests.answered(sent, 200, false, null);
        JdkRequests.sent(begun, null);
        return headers;
    }
}
