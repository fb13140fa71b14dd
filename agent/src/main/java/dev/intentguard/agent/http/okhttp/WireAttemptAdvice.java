package dev.intentguard.agent.http.okhttp;

import net.bytebuddy.asm.Advice;
import okhttp3.Interceptor;
import okhttp3.Response;

/**
 * On {@code CallServerInterceptor.intercept(chain)}, the last interceptor: it writes the request on a connected
 * exchange and reads the response head. A response is {@code RESPONSE} with its status; an exception here means the
 * request was (or may have been) written and no answer came: {@code NO_RESPONSE}.
 */
final class WireAttemptAdvice {
    private WireAttemptAdvice() {
    }

    @Advice.OnMethodExit(inline = false, onThrowable = Throwable.class)
    static void exit(@Advice.Argument(0) Interceptor.Chain chain, @Advice.Return Response response,
                     @Advice.Thrown Throwable thrown) {
        OkHttpCalls.attempted(chain.request(), response, thrown);
    }
}
