package dev.intentguard.agent.http.urlconnection;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

import java.net.HttpURLConnection;

/**
 * On HUC's private {@code writeRequests()}, which writes the request head (and a buffered body) on the connection: one
 * exchange per call, begun with the guard; a send that repeats a write whose outcome is unknown is refused here, before
 * anything is written. When writing fails ({@code ps.checkError()}), HUC sets its {@code failedOnce}, opens a new
 * connection and calls {@code writeRequests()} again: that nested call is the client's resend, and {@code failedOnce}
 * (never reset) tells it apart. A resend the guard stops is not written: the new connection is closed and the caller
 * gets what HUC throws when it will not try again ("Error writing to server"). Outside a tool: one ThreadLocal read.
 */
final class WriteRequestsAdvice {
    private WriteRequestsAdvice() {
    }

    @Advice.OnMethodEnter(inline = false, skipOn = Advice.OnNonDefaultValue.class)
    static Object enter(@Advice.This HttpURLConnection connection, @Advice.FieldValue("failedOnce") boolean failedOnce) {
        return UrlConnections.write(connection, failedOnce);
    }

    @Advice.OnMethodExit(inline = false, onThrowable = Throwable.class)
    @Advice.AssignReturned.ToThrown(typing = Assigner.Typing.DYNAMIC)
    @Advice.AssignReturned.AsScalar                                   // null (also a failed advice's): keep it
    static Throwable exit(@Advice.Enter Object skipped, @Advice.This HttpURLConnection connection) {
        return skipped == null ? null : UrlConnections.written(skipped, connection);
    }
}
