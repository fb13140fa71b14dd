package dev.intentguard.agent.http.jdk;

import net.bytebuddy.asm.Advice;

/**
 * On {@code Response(HttpRequestImpl, Exchange, HttpHeaders, HttpConnection, int status, Version,
 * boolean isConnectResponse)}, built once per response head received (HTTP/1.1 and HTTP/2): the wire evidence
 * "the server answered {@code status}" for the attempt, and the end of its exchange.
 */
final class ResponseAdvice {
    private ResponseAdvice() {
    }

    @Advice.OnMethodExit(inline = false)
    static void exit(@Advice.Argument(0) Object request, @Advice.Argument(2) java.net.http.HttpHeaders headers,
                     @Advice.Argument(4) int status, @Advice.Argument(6) boolean connectResponse) {
        JdkRequests.answered(request, status, connectResponse, headers);
    }
}
