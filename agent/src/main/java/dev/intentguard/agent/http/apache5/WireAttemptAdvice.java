package dev.intentguard.agent.http.apache5;

import net.bytebuddy.asm.Advice;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ClassicHttpResponse;

/**
 * On httpcore's {@code HttpRequestExecutor.execute(request, connection, informationCallback, context)}: the request is
 * written on a connected connection and the response head read. A response is {@code RESPONSE} with its status; an
 * exception means sent (or maybe sent) without an answer: {@code NO_RESPONSE}. On entry the request object is tagged as
 * handed to the connection, so that {@link ConnectFailureAdvice} can tell an attempt that never got this far.
 */
final class WireAttemptAdvice {
    private WireAttemptAdvice() {
    }

    @Advice.OnMethodEnter(inline = false)
    static void enter(@Advice.Argument(0) ClassicHttpRequest request) {
        Apache5Requests.writing(request);
    }

    @Advice.OnMethodExit(inline = false, onThrowable = Throwable.class)
    static void exit(@Advice.Argument(0) ClassicHttpRequest request, @Advice.Return ClassicHttpResponse response,
                     @Advice.Thrown Throwable thrown) {
        Apache5Requests.answered(request, response, thrown);
    }
}
