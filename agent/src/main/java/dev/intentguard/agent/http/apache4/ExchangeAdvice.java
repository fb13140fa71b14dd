package dev.intentguard.agent.http.apache4;

import net.bytebuddy.asm.Advice;
import org.apache.http.HttpHost;
import org.apache.http.HttpRequest;

/**
 * On {@code InternalHttpClient.doExecute(target, request, context)} (and {@code MinimalHttpClient}'s): one send, from
 * the caller's {@code execute} to the response or the final failure. A send the guard refuses fails here with the
 * guard's {@code IOException}, before anything is written.
 */
final class ExchangeAdvice {
    private ExchangeAdvice() {
    }

    @Advice.OnMethodEnter(inline = false)
    static Object enter(@Advice.Argument(0) HttpHost target, @Advice.Argument(1) HttpRequest request) throws java.io.IOException {
        return Apache4Requests.begin(target, request);
    }

    @Advice.OnMethodExit(inline = false, onThrowable = Throwable.class)
    static void exit(@Advice.Enter Object send, @Advice.Argument(1) HttpRequest request) {
        if (send != null) {
            ((Apache4Requests.Send) send).end(request);
        }
    }
}
