package dev.intentguard.agent.http.okhttp;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;
import okhttp3.Request;

import java.util.List;

/**
 * On {@code RealInterceptorChain.proceed(Request)}, for the one call of each chain that hands the request to
 * {@code RetryAndFollowUpInterceptor}: the exchange begins there and ends when that call returns or throws; a keyed
 * request proceeds with the key (a key the application interceptors or the SDK set is replaced); a send that repeats a
 * write whose outcome is unknown is not made and fails with the guard's {@code IOException}
 * ({@link OkHttpCalls#begin}).
 */
final class KeyHeaderAdvice {
    private KeyHeaderAdvice() {
    }

    @Advice.OnMethodEnter(inline = false, skipOn = Advice.OnNonDefaultValue.class, skipOnIndex = OkHttpCalls.REFUSED)
    @Advice.AssignReturned.ToArguments(@Advice.AssignReturned.ToArguments.ToArgument(value = 0,
            index = OkHttpCalls.REQUEST, typing = Assigner.Typing.DYNAMIC))
    static Object[] enter(@Advice.Argument(0) Request request,
                          @Advice.FieldValue("interceptors") List<?> interceptors,
                          @Advice.FieldValue("index") int index) {
        return OkHttpCalls.begin(request, interceptors, index);
    }

    @Advice.OnMethodExit(inline = false, onThrowable = Throwable.class)
    @Advice.AssignReturned.ToThrown(typing = Assigner.Typing.DYNAMIC)
    @Advice.AssignReturned.AsScalar                                   // null (also a failed advice's): keep it
    static Throwable exit(@Advice.Enter Object[] begun) {
        return OkHttpCalls.proceeded(begun);
    }
}
