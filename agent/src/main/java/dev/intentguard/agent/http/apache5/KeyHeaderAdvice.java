package dev.intentguard.agent.http.apache5;

import dev.intentguard.api.bridge.HttpDispatch;
import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.net.URIAuthority;

import java.io.IOException;

/**
 * On {@code InternalHttpClient.doExecute(target, request, context)} (and {@code MinimalHttpClient}'s): one exchange,
 * from the caller's send to the response or the final failure, begun with the agent ({@code HttpDispatch.sending}: a
 * send that repeats a write whose outcome is unknown is refused here with an {@code IOException}). The caller's
 * request gets the key before the exec chain copies it. {@code HttpRequestRetryExec} resends a new copy of that same
 * request and {@code RedirectExec} builds redirects from it, so every attempt carries the key; a per-attempt
 * interceptor could not do this (it would run again for each copy). When the call is over, the caller's request is
 * given back as it was (its own header value, or none).
 */
final class KeyHeaderAdvice {
    private KeyHeaderAdvice() {
    }

    @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
    static boolean enter(@Advice.Argument(0) HttpHost target,
                         @Advice.Argument(1) ClassicHttpRequest request,
                         @Advice.Local("intentguardHeader") String name,
                         @Advice.Local("intentguardPrevious") String previous,
                         @Advice.Local("intentguardScope") ToolFrame began,
                         @Advice.Local("intentguardHost") String host,
                         @Advice.Local("intentguardPort") int port,
                         @Advice.Local("intentguardPath") String path) {
        ToolFrame scope = IntentScope.current();
        if (scope == null || request == null) {
            return false;
        }
        String scheme;
        if (target != null) {
            scheme = target.getSchemeName();
            host = target.getHostName();
            port = target.getPort();
        } else {
            URIAuthority authority = request.getAuthority();
            if (authority == null) {
                return false;
            }
            scheme = request.getScheme();
            host = authority.getHostName();
            port = authority.getPort();
        }
        if (port < 0) {
            port = "https".equalsIgnoreCase(scheme) ? 443 : 80;
        }
        path = request.getPath();
        int query = path == null ? -1 : path.indexOf('?');
        if (query >= 0) {
            path = path.substring(0, query);
        }
        if (!HttpDispatch.sending(scope, "httpclient5", request.getMethod(), host, port, path)) {
            return true;
        }
        began = scope;
        String[] header = HttpDispatch.keyHeader(scope, "httpclient5", request.getMethod(), host, port, path, null);
        if (header == null) {
            return false;
        }
        Header existing = request.getFirstHeader(header[0]);
        String existingValue = existing == null ? null : existing.getValue();
        if (existingValue != null && !existingValue.equals(header[1])) {   // the core logs the replacement once per tool
            HttpDispatch.keyHeader(scope, "httpclient5", request.getMethod(), host, port, path, existingValue);
        }
        name = header[0];
        previous = existingValue;
        request.setHeader(header[0], header[1]);
        return false;
    }

    @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
    static void exit(@Advice.Enter boolean refused,
                     @Advice.Argument(1) ClassicHttpRequest request,
                     @Advice.Local("intentguardHeader") String name,
                     @Advice.Local("intentguardPrevious") String previous,
                     @Advice.Local("intentguardScope") ToolFrame began,
                     @Advice.Local("intentguardHost") String host,
                     @Advice.Local("intentguardPort") int port,
                     @Advice.Local("intentguardPath") String path,
                     @Advice.Thrown(readOnly = false) Throwable thrown) {
        if (refused) {
            thrown = new IOException("intentguard: not sent again: an earlier attempt of this request may have taken "
                    + "effect and its outcome is unknown (client-retries: suppress)");
            return;
        }
        if (began != null) {
            HttpDispatch.ended(began, request.getMethod(), host, port, path);
        }
        if (name == null) {
            return;
        }
        if (previous == null) {
            request.removeHeaders(name);
        } else {
            request.setHeader(name, previous);
        }
    }
}
