package dev.intentguard.agent.http.urlconnection;

import dev.intentguard.bench.adapter.RequestSteps;

import java.net.HttpURLConnection;
import java.net.URL;

/**
 * HttpURLConnection's plugin for one request ({@code AdapterSteps}): {@code getOutputStream} sets the key as a request
 * property ({@code KeyHeaderAdvice}), {@code writeRequests} begins the exchange ({@code WriteRequestsAdvice}),
 * {@code parseHTTP} reads the status line and ends it ({@code ParseResponseAdvice}). The connection object and its
 * request and response heads ({@code sun.net.www.MessageHeader}, exported to the benchmark) are made once per request
 * in every variant; no connection is opened.
 */
public final class UrlConnectionSteps implements RequestSteps {
    private final boolean agent;
    private final URL[] urls = new URL[16];
    private final Class<?> messageHeader;

    public UrlConnectionSteps(boolean agent) throws Exception {
        this.agent = agent;
        for (int i = 0; i < urls.length; i++) {
            urls[i] = new URL("http://127.0.0.1:8080/v1/refunds/" + i);
        }
        messageHeader = Class.forName("sun.net.www.MessageHeader");
    }

    @Override
    public Object request(int n) throws Throwable {
        HttpURLConnection c = (HttpURLConnection) urls[n & 15].openConnection();
        c.setRequestMethod("POST");
        c.setDoOutput(true);
        Object requests = messageHeader.getConstructor().newInstance();
        messageHeader.getMethod("add", String.class, String.class).invoke(requests, "POST /v1/refunds/" + (n & 15) + " HTTP/1.1", null);
        Object responses = messageHeader.getConstructor().newInstance();
        messageHeader.getMethod("add", String.class, String.class).invoke(responses, null, "HTTP/1.1 200 OK");
        if (!agent) {
            return c;
        }
        UrlConnections.key(c, false, "getOutputStream");
        UrlConnections.write(c, false);
        Object[] state = UrlConnections.parsing(requests, null, c, false);
        UrlConnections.parsed(state, responses, false, true, null);
        return c;
    }
}
