package dev.intentguard.agent.http.apache5;

import net.bytebuddy.asm.Advice;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpResponse;

import java.net.URI;

/**
 * On {@code DefaultRedirectStrategy.getLocationURI(request, response, context)}, which the redirect execs (classic and
 * async) ask for the location of a redirect they are about to follow: a 307/308 is answered by its follow-up once the
 * follow-up is attempted (the exec may still refuse the location, {@code isRedirectAllowed}).
 */
final class RedirectAdvice {
    private RedirectAdvice() {
    }

    @Advice.OnMethodExit(inline = false)
    static void exit(@Advice.Argument(0) HttpRequest request, @Advice.Argument(1) HttpResponse response,
                     @Advice.Return URI location) {
        Apache5Requests.redirecting(request, response, location);
    }
}
