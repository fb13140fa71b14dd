package dev.intentguard.agent.http.okhttp;

import net.bytebuddy.asm.Advice;
import okhttp3.Interceptor;

/**
 * On {@code RealCall.initExchange(chain)} (called by {@code ConnectInterceptor}): it finds a pooled connection or
 * connects one; when it throws, no byte of this attempt was written: the wire proves {@code NOT_SENT}.
 */
final class ConnectFailureAdvice {
    private ConnectFailureAdvice() {
    }

    @Advice.OnMethodExit(inline = false, onThrowable = Throwable.class)
    static void exit(@Advice.Argument(0) Interceptor.Chain chain, @Advice.Thrown Throwable thrown) {
        OkHttpCalls.connectFailed(chain.request(), thrown);
    }
}
