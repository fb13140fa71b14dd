package dev.intentguard.agent.http.apache4;

import net.bytebuddy.asm.Advice;
import org.apache.http.HttpRequest;
import org.apache.http.protocol.HttpContext;

import java.net.URI;

/**
 * On {@code DefaultRedirectStrategy.getLocationURI(request, response, context)}, asked for a redirect the client is
 * about to follow: a 307/308 is answered by its follow-up once that is attempted.
 */
final class RedirectAdvice {
    private RedirectAdvice() {
    }

    @Advice.OnMethodExit(inline = false)
    static void exit(@Advice.Argument(0) HttpRequest request, @Advice.Argument(2) HttpContext context,
                     @Advice.Return URI location) {
        Apache4Requests.followed(request, context, location);
    }
}
