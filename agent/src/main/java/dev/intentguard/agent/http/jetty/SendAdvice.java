package dev.intentguard.agent.http.jetty;

import net.bytebuddy.asm.Advice;
import org.eclipse.jetty.client.transport.HttpRequest;

/**
 * On {@code HttpRequest.sendAsync(HttpDestination, Response.CompleteListener)}, which every send passes on the thread
 * that sends ({@code send()}, {@code send(listener)}, Spring's {@code JettyClientHttpRequest}, the reactive client,
 * and Jetty's own redirect and authentication follow-ups): nothing is written yet, and headers can still be set.
 */
final class SendAdvice {
    private SendAdvice() {
    }

    @Advice.OnMethodEnter(inline = false)
    static void enter(@Advice.This HttpRequest request) {
        JettySend.sending(request, request.getConversation());
    }

    /** {@code HttpConnection.send(Request, Response.CompleteListener)}: a send on a connection the caller holds. */
    static final class OnConnection {
        private OnConnection() {
        }

        @Advice.OnMethodEnter(inline = false)
        static void enter(@Advice.Argument(0) Object request) {
            if (request instanceof HttpRequest) {
                JettySend.sending((HttpRequest) request, ((HttpRequest) request).getConversation());
            }
        }
    }
}
