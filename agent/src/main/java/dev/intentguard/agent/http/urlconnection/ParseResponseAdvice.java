package dev.intentguard.agent.http.urlconnection;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * On {@code sun.net.www.http.HttpClient#parseHTTP(MessageHeader responses, [ProgressSource,] HttpURLConnection)}: one
 * call per request written (plus a nested call when it resends). It records what the attempt got (the response
 * status, or no response: the end of the exchange) for every write of a guarded call, and, inside a side_effect scope
 * with {@code client-retries: suppress}, stops the resend of a request that carries the key: {@code failedOnce} is what
 * the connection itself sets after its one resend, so with it set the first failure is thrown as it is. The field is
 * put back afterwards, so a kept-alive connection keeps its normal behaviour for later requests.
 */
final class ParseResponseAdvice {
    private ParseResponseAdvice() {
    }

    @Advice.OnMethodEnter(inline = false)
    @Advice.AssignReturned.ToFields(@Advice.AssignReturned.ToFields.ToField(value = "failedOnce", index = 1,
            typing = Assigner.Typing.DYNAMIC))
    static Object[] enter(@Advice.Argument(1) Object second,
                          @Advice.Argument(value = 2, optional = true) Object third,
                          @Advice.FieldValue("requests") Object requests,
                          @Advice.FieldValue("failedOnce") boolean failedOnce) throws Throwable {
        return UrlConnections.parsing(requests, second, third, failedOnce);
    }

    @Advice.OnMethodExit(inline = false, onThrowable = Throwable.class)
    @Advice.AssignReturned.ToFields(@Advice.AssignReturned.ToFields.ToField(value = "failedOnce",
            typing = Assigner.Typing.DYNAMIC))
    @Advice.AssignReturned.AsScalar                                   // null (also a failed advice's): leave the field
    static Boolean exit(@Advice.Enter Object[] state,
                        @Advice.Argument(0) Object responses,
                        @Advice.FieldValue("streaming") boolean streaming,
                        @Advice.FieldValue("retryPostProp") boolean retryPost,
                        @Advice.Thrown Throwable thrown) throws Throwable {
        return UrlConnections.parsed(state, responses, streaming, retryPost, thrown);
    }
}
