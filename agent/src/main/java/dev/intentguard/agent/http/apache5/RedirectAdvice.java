package dev.intentguard.agent.http.apache5;

import dev.intentguard.api.bridge.HttpDispatch;
import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.net.URIAuthority;

import java.net.URI;

/**
 * On {@code DefaultRedirectStrategy.getLocationURI(request, response, context)}, which the redirect execs (classic
 * and async) ask for the location of a redirect they are about to follow: a 307/308 is answered by its follow-up once
 * the follow-up is attempted (the exec may still refuse the location, {@code isRedirectAllowed}).
 */
final class RedirectAdvice {
    private RedirectAdvice() {
    }

    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.Argument(0) HttpRequest request, @Advice.Argument(1) HttpResponse response,
                     @Advice.Return URI location) {
        if (request == null || response == null || location == null) {
            return;
        }
        ToolFrame current = IntentScope.current();
        ToolFrame scope = current != null ? current : IntentScope.carried(request);
        URIAuthority authority = request.getAuthority();
        if (scope == null || authority == null || location.getHost() == null) {
            return;
        }
        int port = authority.getPort() >= 0 ? authority.getPort() : "https".equalsIgnoreCase(request.getScheme()) ? 443 : 80;
        String path = request.getPath();
        int query = path == null ? -1 : path.indexOf('?');
        if (query >= 0) {
            path = path.substring(0, query);
        }
        int toPort = location.getPort() >= 0 ? location.getPort() : "https".equalsIgnoreCase(location.getScheme()) ? 443 : 80;
        String to = HttpDispatch.endpoint(request.getMethod(), location.getHost(), toPort, location.getRawPath());
        HttpDispatch.followed(scope, HttpDispatch.endpoint(request.getMethod(), authority.getHostName(), port, path), to);
    }
}
