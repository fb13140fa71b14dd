package dev.intentguard.agent.wire;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The requests one guarded call made: the key each carries and what the wire showed for each attempt.
 *
 * <p>Keys: the call's first write request carries the intent key itself; each further distinct request
 * ({@code method host:port path}) carries the intent key plus {@code :2}, {@code :3}, ... in order of first
 * appearance. A resend of the same request, by the client, the SDK or the tool re-running after a definite
 * failure, carries the same key again, so the provider can recognise it. (Two different writes to the same
 * endpoint within one call therefore share a key: a provider that checks keys refuses the second loudly
 * rather than doing it twice.)
 */
public final class WireLog {
    /** Told of each attempt as it is recorded (the audit: JFR events at the moment of the attempt). */
    public interface Observer {
        void attempted(WireAttempt attempt);
    }

    private final String intentKey;
    private final Observer observer;
    private final Map<String, String> keys = new LinkedHashMap<>();
    private final Map<String, WireAttempt> lastAttempt = new LinkedHashMap<>();
    private final List<WireAttempt> attempts = new ArrayList<>();
    /** Requests that reached the server at least once: a further attempt of one is a resend. */
    private final Set<String> sent = new HashSet<>();

    public WireLog(String intentKey) {
        this(intentKey, null);
    }

    public WireLog(String intentKey, Observer observer) {
        this.intentKey = intentKey;
        this.observer = observer;
    }

    public static String request(String method, String host, int port, String path) {
        return method + " " + host + (port > 0 ? ":" + port : "") + " " + (path == null || path.isEmpty() ? "/" : path);
    }

    /** The key for a request of this call (the same on every attempt of the same request). */
    public synchronized String keyFor(String method, String host, int port, String path) {
        String request = request(method, host, port, path);
        String key = keys.get(request);
        if (key == null) {
            key = keys.isEmpty() ? intentKey : intentKey + ":" + (keys.size() + 1);
            keys.put(request, key);
        }
        return key;
    }

    public void record(WireAttempt attempt) {
        WireAttempt recorded;
        synchronized (this) {
            recorded = sent.contains(attempt.request()) ? attempt.asResend() : attempt;
            attempts.add(recorded);
            if (attempt.sent()) {
                sent.add(attempt.request());
            }
            if (attempt.outcome() != WireOutcome.SUPPRESSED) {
                lastAttempt.put(attempt.request(), recorded);
            }
        }
        if (observer != null) {
            observer.attempted(recorded);
        }
    }

    public synchronized List<WireAttempt> attempts() {
        return new ArrayList<>(attempts);
    }

    /** What the last attempt of each request proves about the call's effect. */
    public synchronized WireVerdict verdict() {
        if (lastAttempt.isEmpty()) {
            return new WireVerdict(WireVerdict.Kind.NO_EVIDENCE, "no request was seen on the wire");
        }
        boolean anySuccess = false;
        boolean anyDefiniteFailure = false;
        for (WireAttempt a : lastAttempt.values()) {
            switch (a.outcome()) {
                case NO_RESPONSE:
                    return new WireVerdict(WireVerdict.Kind.UNKNOWN, a.request() + " was sent and got no response"
                            + (a.detail() == null ? "" : " (" + a.detail() + ")"));
                case RESPONSE:
                    if (a.ambiguousStatus()) {
                        return new WireVerdict(WireVerdict.Kind.UNKNOWN, a.request() + " answered HTTP " + a.status());
                    }
                    if (a.status() >= 400) {
                        anyDefiniteFailure = true;
                    } else {
                        anySuccess = true;
                    }
                    break;
                default:
                    anyDefiniteFailure = true;
            }
        }
        if (anySuccess && anyDefiniteFailure) {
            return new WireVerdict(WireVerdict.Kind.UNKNOWN, "some writes succeeded and others failed: a partial effect");
        }
        if (anySuccess) {
            return new WireVerdict(WireVerdict.Kind.SUCCEEDED, "every write got a success response");
        }
        WireAttempt first = lastAttempt.values().iterator().next();
        return new WireVerdict(WireVerdict.Kind.FAILED, first.outcome() == WireOutcome.NOT_SENT
                ? "nothing reached the server (" + (first.detail() == null ? "not sent" : first.detail()) + ")"
                : first.request() + " was refused with HTTP " + first.status());
    }
}
