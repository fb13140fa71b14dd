package dev.intentguard.agent.http.okhttp;

import dev.intentguard.bench.adapter.RequestSteps;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.internal.http.RetryAndFollowUpInterceptor;

import java.util.List;

/**
 * OkHttp's plugin for one request ({@code AdapterSteps}): the chain hands the request to
 * {@code RetryAndFollowUpInterceptor} ({@code KeyHeaderAdvice}: the exchange begins, the key goes on a copy of the
 * request), {@code CallServerInterceptor} gets the response head ({@code WireAttemptAdvice}), the chain returns. The
 * response object is OkHttp's own, built per request in every variant.
 */
public final class OkHttpSteps implements RequestSteps {
    private final boolean agent;
    private final Request[] requests = new Request[16];
    private final List<Object> interceptors;

    public OkHttpSteps(boolean agent) {
        this.agent = agent;
        for (int i = 0; i < requests.length; i++) {
            requests[i] = new Request.Builder().url("http://127.0.0.1:8080/v1/refunds/" + i)
                    .post(RequestBody.create("{\"amount\":4900}", MediaType.get("application/json"))).build();
        }
        interceptors = List.of(new RetryAndFollowUpInterceptor(new OkHttpClient()));
    }

    @Override
    public Object request(int n) {
        Request request = requests[n & 15];
        if (!agent) {
            return new Response.Builder().request(request).protocol(Protocol.HTTP_1_1).code(200).message("OK").build();
        }
        Object[] begun = OkHttpCalls.begin(request, interceptors, 0);
        Request sent = begun == null ? request : (Request) begun[OkHttpCalls.REQUEST];
        Response response = new Response.Builder().request(sent).protocol(Protocol.HTTP_1_1).code(200).message("OK").build();
        OkHttpCalls.attempted(sent, response, null);
        OkHttpCalls.proceeded(begun);
        return response;
    }
}
