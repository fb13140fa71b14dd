package dev.intentguard.agent.http.apache5;

import net.bytebuddy.asm.Advice;
import org.apache.hc.core5.http.ClassicHttpRequest;

/**
 * On {@code ConnectExec.execute(request, scope, chain)}, once per attempt: it leases and connects the endpoint, then
 * runs the rest of the chain. When it throws and the attempt's request never reached {@code HttpRequestExecutor} (no
 * tag from {@link WireAttemptAdvice}), nothing was written: connection refused, unknown host, connect or lease timeout,
 * a request interceptor that refused it: {@code NOT_SENT}.
 */
final class ConnectFailureAdvice {
    private ConnectFailureAdvice() {
    }

    @Advice.OnMethodExit(inline = false, onThrowable = Throwable.class)
    static void exit(@Advice.Argument(0) ClassicHttpRequest request, @Advice.Thrown Throwable thrown) {
        Apache5Requests.connectFailed(request, thrown);
    }
}
