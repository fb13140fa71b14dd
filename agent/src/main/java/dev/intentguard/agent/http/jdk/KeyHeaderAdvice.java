package dev.intentguard.agent.http.jdk;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

import java.net.http.HttpRequest;

/**
 * On {@code HttpClientImpl#sendAsync(request, handler, pushHandler, executor)}, where {@code send} and both
 * {@code sendAsync} begin an exchange, on the caller's thread. Inside a guarded tool a write begins its exchange with
 * the guard: a send that repeats a write whose outcome is unknown is not made (the method is skipped and answers a
 * failed future, as the client fails a send), and a keyed write is replaced by one that carries the key (the caller's
 * own request object is left as it was). Outside a tool: one ThreadLocal read.
 */
final class KeyHeaderAdvice {
    private KeyHeaderAdvice() {
    }

    @Advice.OnMethodEnter(inline = false, skipOn = Advice.OnNonDefaultValue.class, skipOnIndex = JdkRequests.REFUSED)
    @Advice.AssignReturned.ToArguments(@Advice.AssignReturned.ToArguments.ToArgument(value = 0,
            index = JdkRequests.REQUEST, typing = Assigner.Typing.DYNAMIC))
    static Object[] enter(@Advice.Argument(0) HttpRequest request) {
        return JdkRequests.begin(request);
    }

    @Advice.OnMethodExit(inline = false, onThrowable = Throwable.class)
    @Advice.AssignReturned.ToReturned(typing = Assigner.Typing.DYNAMIC)
    @Advice.AssignReturned.AsScalar                                   // null (also a failed advice's): keep the answer
    static Object exit(@Advice.Enter Object[] begun, @Advice.Thrown Throwable thrown) {
        return JdkRequests.sent(begun, thrown);
    }
}
