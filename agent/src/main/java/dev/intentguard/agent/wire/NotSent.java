package dev.intentguard.agent.wire;

import java.net.BindException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.PortUnreachableException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * The failures that prove a request was not written: the connection was never made (refused, timed out while
 * connecting, no route, an unknown host). Every other failure after a send began may have reached the server.
 */
public final class NotSent {
    private static final int MAX_CAUSES = 12;

    private NotSent() {
    }

    /** Whether {@code t} itself (not its causes) proves that nothing was sent. */
    public static boolean proves(Throwable t) {
        return t instanceof ConnectException || t instanceof UnknownHostException || t instanceof NoRouteToHostException
                || t instanceof PortUnreachableException || t instanceof BindException
                || t.getClass().getName().equals("java.net.http.HttpConnectTimeoutException")
                || t instanceof SocketTimeoutException && t.getMessage() != null
                        && t.getMessage().toLowerCase(Locale.ROOT).contains("connect");
    }

    /** Whether {@code failure} or one of its causes proves that nothing was sent. */
    public static boolean anyCause(Throwable failure) {
        Throwable t = failure;
        for (int depth = 0; t != null && depth < MAX_CAUSES; depth++, t = t.getCause()) {
            if (proves(t)) {
                return true;
            }
        }
        return false;
    }
}
