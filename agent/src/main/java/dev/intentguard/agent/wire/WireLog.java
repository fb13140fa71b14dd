package dev.intentguard.agent.wire;


import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one guarded call wrote: its write requests (each with every attempt made of it), the key each carries, the
 * exchanges still under way, and the network writes the call made outside any request the agent follows.
 *
 * <p>Requests are told apart by endpoint ({@code method host:port path}) and by order: a write to an endpoint whose
 * previous write in this call succeeded is a new write, with the next key; a write to an endpoint whose previous
 * write failed, went unanswered or is still under way is that write again (a retry by some layer), with its key. The
 * call's first write carries the intent key itself, further ones the intent key plus {@code :2}, {@code :3}, ... in
 * order of first appearance, so every attempt of a write carries the same key, across client retries, tool
 * re-invocations and process restarts.
 */
public final class WireLog {
    /** Told of each attempt as it is recorded (the audit: JFR events at the moment of the attempt). */
    public interface Observer {
        void attempted(WireAttempt attempt);
    }

    private final String intentKey;
    private final Observer observer;
    private final Set<Integer> notProcessed;
    /** The first attempt of the body's current round (the agent's own retries start new rounds). */
    private int roundStart;
    /** {@link #round()}. */
    private int round;
    // Empty until the first write: most guarded calls of a busy service make none through a client the agent follows,
    // and each call's garbage adds to the young collections that pause calls (issue 20).
    private final List<WireRequest> requests = new ArrayList<>();
    private final Map<String, WireRequest> latest = new HashMap<>();
    private final List<WireAttempt> attempts = new ArrayList<>();
    /** Calls handed to an asynchronous client that have not finished (OkHttp {@code enqueue}). */
    private int handedOff;
    /** Writes a redirect is about to be followed from, by the endpoint of the follow-up. */
    private Map<String, WireRequest> followUps;
    /** Peers the call's own threads wrote to: {@code "name address port"}. */
    private Set<String> socketPeers;

    public WireLog(String intentKey) {
        this(intentKey, null);
    }

    public WireLog(String intentKey, Observer observer) {
        this(intentKey, observer, Set.of());
    }

    /**
     * @param notProcessed statuses the tool's provider answers before it processes a request ({@code not-processed:}),
     *                     beyond 429, which always means so
     */
    public WireLog(String intentKey, Observer observer, Set<Integer> notProcessed) {
        this.intentKey = intentKey;
        this.observer = observer;
        this.notProcessed = notProcessed;
    }

    /** {@code METHOD host:port path}: how a request's endpoint is named in the agent's records. */
    public static String request(String method, String host, int port, String path) {
        return method + " " + host + (port > 0 ? ":" + port : "") + " " + (path == null || path.isEmpty() ? "/" : path);
    }

    /** The write a send to this endpoint is now: the endpoint's last write, or a new one after a success. */
    private WireRequest requestFor(String endpoint) {
        WireRequest r = latest.get(endpoint);
        if (r == null || r.state() == WireRequest.State.SUCCEEDED) {
            r = new WireRequest(endpoint, requests.isEmpty() ? intentKey : intentKey + ":" + (requests.size() + 1));
            requests.add(r);
            latest.put(endpoint, r);
        }
        return r;
    }

    /** The key for a send to this endpoint (the same on every attempt of the same write). */
    public String keyFor(String method, String host, int port, String path) {
        return keyFor(request(method, host, port, path));
    }

    /** The same, for an endpoint written as {@link #request} writes it. */
    public synchronized String keyFor(String endpoint) {
        return requestFor(endpoint).key;
    }

    /**
     * A client starts an exchange for this endpoint: the write is under way until {@link #ended}. Returns what the
     * write had shown before this exchange: {@code true} when an earlier attempt of it may have reached the server
     * without succeeding (this exchange would send it again).
     */
    public boolean began(String method, String host, int port, String path) {
        return began(request(method, host, port, path));
    }

    /** The same, for an endpoint written as {@link #request} writes it. */
    public synchronized boolean began(String endpoint) {
        WireRequest r = requestFor(endpoint);
        boolean repeatsUnknown = r.state() == WireRequest.State.UNKNOWN;
        r.began();
        return repeatsUnknown;
    }

    /** Whether a new exchange for this endpoint would send a write whose outcome is unknown again. */
    public boolean repeatsUnknown(String method, String host, int port, String path) {
        return repeatsUnknown(request(method, host, port, path));
    }

    /** The same, for an endpoint written as {@link #request} writes it. */
    public synchronized boolean repeatsUnknown(String endpoint) {
        WireRequest r = latest.get(endpoint);
        return r != null && r.state() == WireRequest.State.UNKNOWN;
    }

    /**
     * Whether an earlier attempt of this endpoint's current write succeeded or may have been acted on: a resend would
     * duplicate it. After attempts that were not sent, or were refused, it would not.
     */
    public boolean mayHaveActed(String method, String host, int port, String path) {
        return mayHaveActed(request(method, host, port, path));
    }

    /** The same, for an endpoint written as {@link #request} writes it. */
    public synchronized boolean mayHaveActed(String endpoint) {
        WireRequest r = latest.get(endpoint);
        return r != null && r.mayHaveActed();
    }

    /**
     * Whether this endpoint's current write was last answered as not processed yet (a 429, a status the tool names):
     * its retries are the tool's {@code retry:} budget's, not a client's.
     */
    public synchronized boolean answeredNotProcessed(String endpoint) {
        WireRequest r = latest.get(endpoint);
        return r != null && r.lastNotProcessed();
    }

    /** The client's exchange for this endpoint is over (answered, or failed for good). */
    public void ended(String method, String host, int port, String path) {
        ended(request(method, host, port, path));
    }

    /** The same, for an endpoint written as {@link #request} writes it. */
    public synchronized void ended(String endpoint) {
        WireRequest r = latest.get(endpoint);
        if (r != null) {
            r.ended();
        }
    }

    /**
     * The client follows the last answer of this endpoint's write with a request to {@code to} ({@code null}: it surely
     * does, now): when that answer was a 307/308 (the same method to another URI), the follow-up answers the write
     * instead, from the moment the follow-up is attempted (a client may still decide not to follow).
     */
    public synchronized void followed(String endpoint, String to) {
        WireRequest r = latest.get(endpoint);
        if (r == null) {
            return;
        }
        if (to == null) {
            r.followed();
        } else {
            if (followUps == null) {
                followUps = new HashMap<>(2);
            }
            followUps.put(to, r);
        }
    }

    /** A call was handed to an asynchronous client; {@link #handOffEnded} when it finished. */
    public synchronized void handedOff() {
        handedOff++;
    }

    public synchronized void handOffEnded() {
        if (handedOff > 0) {
            handedOff--;
        }
    }

    public void record(WireAttempt attempt) {
        WireAttempt recorded;
        if (attempt.outcome() == WireOutcome.RESPONSE && !notProcessed.isEmpty() && notProcessed.contains(attempt.status())) {
            attempt = attempt.asNotProcessed();
        }
        synchronized (this) {
            WireRequest followedFrom = followUps == null ? null : followUps.remove(attempt.request());
            if (followedFrom != null) {
                followedFrom.followed();
            }
            WireRequest r = latest.get(attempt.request());
            if (r == null) {
                r = requestFor(attempt.request());
            }
            recorded = r.add(attempt);
            attempts.add(recorded);
        }
        if (observer != null) {
            observer.attempted(recorded);
        }
    }

    /**
     * The call's own thread wrote to the network peer at {@code port}, known by {@code name} (the host name it was
     * connected by, when there is one) and by {@code address} (its IP address).
     */
    public synchronized void socketWrite(String name, String address, int port) {
        if (socketPeers == null) {
            socketPeers = new LinkedHashSet<>();
        }
        socketPeers.add((name == null ? "" : name) + " " + (address == null ? "" : address) + " " + port);
    }

    /** Whether the call's own threads wrote to the network at all. */
    public synchronized boolean wroteToNetwork() {
        return socketPeers != null;
    }

    /**
     * A peer the call's own threads wrote to that none of its HTTP writes went to (a database, a mail server, a client
     * the agent does not follow), as {@code host:port}, or {@code null}. A peer is one of the requests' when its name
     * or its address, with its port, is a request's {@code host:port}.
     */
    public synchronized String foreignPeer() {
        if (socketPeers == null) {
            return null;
        }
        Set<String> known = new java.util.HashSet<>();
        for (WireRequest r : requests) {
            String[] parts = r.endpoint.split(" ", 3);
            if (parts.length >= 2) {
                known.add(parts[1]);
            }
        }
        for (String peer : socketPeers) {
            String[] p = peer.split(" ", 3);
            String byName = p[0] + ":" + p[2];
            String byAddress = p[1] + ":" + p[2];
            if (!known.contains(byName) && !known.contains(byAddress)) {
                return p[0].isEmpty() ? byAddress : byName;
            }
        }
        return null;
    }

    /** How many attempts of {@code endpoint} were recorded so far (an adapter tells by it whether a client's plugin did). */
    public synchronized int attemptsOf(String endpoint) {
        int n = 0;
        for (WireAttempt a : attempts) {
            if (a.request().equals(endpoint)) {
                n++;
            }
        }
        return n;
    }

    public synchronized List<WireAttempt> attempts() {
        return attempts.isEmpty() ? List.of() : new ArrayList<>(attempts);
    }

    /**
     * Whether the call's writes all failed in a way another attempt later could overcome: each was not sent or answered
     * as not processed yet (a 429, a status the tool names), none refused definitely, none that may have acted, nothing
     * under way. What a retry budget may try again.
     */
    public synchronized boolean retryable() {
        if (handedOff > 0 || requests.isEmpty()) {
            return false;
        }
        for (WireRequest r : requests) {
            if (r.state() == WireRequest.State.FAILED ? !r.retryable() : r.state() != WireRequest.State.NONE) {
                return false;
            }
        }
        return true;
    }

    /** The longest {@code Retry-After} the answers of the current round asked for, or -1. */
    public synchronized long retryAfterMillis() {
        long longest = -1;
        for (int i = roundStart; i < attempts.size(); i++) {
            longest = Math.max(longest, attempts.get(i).retryAfterMillis());
        }
        return longest;
    }

    /** Another round of the call's body begins (a retry the agent makes): Retry-After answers before it are spent. */
    public synchronized void nextRound() {
        roundStart = attempts.size();
        round++;
    }

    /** Which round of the call's body runs: 0, then one more for each retry the agent makes of the whole body. */
    public synchronized int round() {
        return round;
    }

    /** What the call's writes together prove about its effect. */
    public synchronized WireVerdict verdict() {
        if (handedOff > 0) {
            return new WireVerdict(WireVerdict.Kind.UNKNOWN, "a request handed to an asynchronous client had not finished "
                    + "when the tool returned");
        }
        WireRequest succeeded = null;
        WireRequest failed = null;
        for (WireRequest r : requests) {
            switch (r.state()) {
                case UNKNOWN:
                    return new WireVerdict(WireVerdict.Kind.UNKNOWN, r.unknownReason());
                case SUCCEEDED:
                    succeeded = succeeded == null ? r : succeeded;
                    break;
                case FAILED:
                    failed = failed == null ? r : failed;
                    break;
                default:
                    break;
            }
        }
        if (succeeded != null && failed != null) {
            return new WireVerdict(WireVerdict.Kind.UNKNOWN, succeeded.endpoint + " succeeded and " + failed.endpoint
                    + " failed: a partial effect");
        }
        if (succeeded != null) {
            return new WireVerdict(WireVerdict.Kind.SUCCEEDED, "every write got a success response");
        }
        if (failed != null) {
            return new WireVerdict(WireVerdict.Kind.FAILED, failed.failedReason());
        }
        return new WireVerdict(WireVerdict.Kind.NO_EVIDENCE, "no request was seen on the wire");
    }
}
