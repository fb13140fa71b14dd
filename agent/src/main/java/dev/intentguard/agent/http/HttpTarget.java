package dev.intentguard.agent.http;

import dev.intentguard.agent.config.HttpSettings;
import dev.intentguard.agent.wire.WireLog;

import java.net.URI;

/**
 * One request as the HTTP guard judges it: method, host, port and path (the query is not part of which write a
 * request is). What a client adapter reads from its library's request type, once, in one place: the default port of
 * the scheme and the query are dealt with here, not in each adapter.
 */
public final class HttpTarget {
    final String method;
    final String host;
    final int port;
    final String path;
    /** {@link #endpoint()}, made once: the guard names the request by it several times per exchange. */
    private String endpoint;

    private HttpTarget(String method, String host, int port, String path) {
        this.method = method;
        this.host = host;
        this.port = port;
        this.path = path;
    }

    /**
     * @param port the port, or a negative number for the scheme's default
     * @param pathAndQuery the request target as written on the request line: a path with its query, or an absolute URI
     * @return {@code null} when the method or the host is unknown
     */
    public static HttpTarget of(String method, String scheme, String host, int port, String pathAndQuery) {
        if (method == null || host == null) {
            return null;
        }
        String path = pathAndQuery == null || pathAndQuery.isEmpty() ? "/" : pathAndQuery;
        if (!path.startsWith("/")) {                       // an absolute URI on the request line (a proxy request)
            try {
                String raw = URI.create(path).getRawPath();
                path = raw == null || raw.isEmpty() ? "/" : raw;
            } catch (IllegalArgumentException e) {
                path = "/";
            }
        }
        int query = path.indexOf('?');
        if (query >= 0) {
            path = path.substring(0, query);
        }
        int fragment = path.indexOf('#');
        if (fragment >= 0) {
            path = path.substring(0, fragment);
        }
        return new HttpTarget(method, host, port >= 0 ? port : "https".equalsIgnoreCase(scheme) ? 443 : 80, path);
    }

    /**
     * From an absolute URL as a client holds it ({@code scheme://host[:port]/path?query}), read without
     * {@code java.net.URI}, which refuses what clients send (a host with {@code _}, a raw {@code |} in a query);
     * {@code null} when it has no host.
     */
    public static HttpTarget ofUrl(String method, String url) {
        if (url == null) {
            return null;
        }
        int schemeEnd = url.indexOf("://");
        if (schemeEnd <= 0) {
            return null;
        }
        int authorityStart = schemeEnd + 3;
        int authorityEnd = authorityStart;
        while (authorityEnd < url.length() && "/?#".indexOf(url.charAt(authorityEnd)) < 0) {
            authorityEnd++;
        }
        String authority = url.substring(authorityStart, authorityEnd);
        int at = authority.lastIndexOf('@');
        if (at >= 0) {
            authority = authority.substring(at + 1);
        }
        String host = authority;
        int port = -1;
        int colon = authority.lastIndexOf(':');
        if (colon >= 0 && colon > authority.lastIndexOf(']')) {
            host = authority.substring(0, colon);
            try {
                port = Integer.parseInt(authority.substring(colon + 1));
            } catch (NumberFormatException e) {
                port = -1;
            }
        }
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        if (host.isEmpty()) {
            return null;
        }
        String rest = url.substring(authorityEnd);
        return of(method, url.substring(0, schemeEnd), host, port, rest.isEmpty() || rest.charAt(0) != '/' ? "/" + rest : rest);
    }

    /** From an absolute URI; {@code null} when it has no host. */
    public static HttpTarget of(String method, URI uri) {
        return uri == null ? null : of(method, uri.getScheme(), uri.getHost(), uri.getPort(), uri.getRawPath());
    }

    public String method() {
        return method;
    }

    public String host() {
        return host;
    }

    public int port() {
        return port;
    }

    public String path() {
        return path;
    }

    /** Whether {@code http:} covers it: a method and a host the key is put on. */
    public boolean coveredBy(HttpSettings settings) {
        return settings.covers(method, host, port);
    }

    /** {@code METHOD host:port path}, as the agent's records name an endpoint. */
    public String endpoint() {
        String e = endpoint;
        if (e == null) {
            e = WireLog.request(method, host, port, path);
            endpoint = e;
        }
        return e;
    }

    @Override
    public String toString() {
        return endpoint();
    }
}
