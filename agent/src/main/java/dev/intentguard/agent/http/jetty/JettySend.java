package dev.intentguard.agent.http.jetty;

import dev.intentguard.agent.http.HttpExchange;
import dev.intentguard.agent.http.HttpGuard;
import dev.intentguard.agent.http.HttpTarget;
import dev.intentguard.agent.http.SendRefused;
import dev.intentguard.agent.wire.WireOutcome;
import dev.intentguard.bridge.IntentScope;
import dev.intentguard.bridge.ToolFrame;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.client.Response;
import org.eclipse.jetty.client.Result;
import org.eclipse.jetty.client.transport.HttpConversation;
import org.eclipse.jetty.http.HttpFields;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One send of the application's (or an SDK's) through Jetty's {@code HttpClient}: the adapter between Jetty's types and
 * the HTTP guard. It lives on the request's {@code HttpConversation}, which every redirect and authentication copy of
 * the request shares, because Jetty runs the exchange on its own threads (and may send another tool's queued request on
 * any of them): the attempts find their tool call here, never on the current thread.
 *
 * <p>Jetty never resends a write whose outcome is unknown by itself: its own retries happen before anything is written,
 * and it sends again only after an answer (a 307/308 redirect, a 401 round with credentials). So this is the key, the
 * evidence, the follow-ups, and the refusal of a send the application repeats. The whole conversation is one hand-off
 * until its final answer's head (a tool that returns at the head, as Spring's RestClient does, has its answer) or its
 * completion.
 */
final class JettySend implements Response.BeginListener, Response.CompleteListener {
    static final String CLIENT = "jetty-client";
    private static final String ATTRIBUTE = "dev.intentguard.jetty.send";

    private final ToolFrame scope;
    private final HttpGuard guard;
    private final HttpExchange exchange;
    private final Map<Request, Attempt> attempts = new IdentityHashMap<>(4);
    private final List<HttpTarget> followUps = new ArrayList<>(1);
    private final AtomicBoolean over = new AtomicBoolean();
    private Request last;

    /** One attempt: a request of the conversation, sent once. */
    private static final class Attempt {
        final HttpTarget target;
        /** Its headers went to the wire: from then on it may have reached the server. */
        boolean written;
        boolean recorded;

        Attempt(HttpTarget target) {
            this.target = target;
        }
    }

    private JettySend(ToolFrame scope, HttpGuard guard, HttpExchange exchange) {
        this.scope = scope;
        this.guard = guard;
        this.exchange = exchange;
    }

    static HttpTarget target(Request request) {
        return request == null ? null
                : HttpTarget.of(request.getMethod(), request.getScheme(), request.getHost(), request.getPort(), request.getPath());
    }

    /**
     * A request of {@code conversation} is sent ({@code HttpRequest.sendAsync}, or {@code HttpConnection.send} on an
     * explicit connection), on the thread that sends it: the application's send begins a conversation in the current
     * tool's scope; a later request of a tagged conversation is Jetty's follow-up (a redirect, an authentication round).
     */
    static void sending(Request request, HttpConversation conversation) {
        if (request == null || conversation == null || "CONNECT".equals(request.getMethod())) {
            return;
        }
        Object tagged = conversation.getAttribute(ATTRIBUTE);
        if (tagged instanceof JettySend) {
            ((JettySend) tagged).followUp(request);
            return;
        }
        ToolFrame scope = IntentScope.current();
        HttpGuard guard = HttpGuard.get();
        if (scope == null || guard == null) {
            return;
        }
        HttpExchange exchange;
        try {
            exchange = guard.begin(scope, CLIENT, target(request));
        } catch (SendRefused refused) {
            // Let the send go on: Jetty fails an aborted request before writing anything, through the caller's listener
            // or future (a skipped send would leave a blocking send() waiting for ever).
            request.abort(refused);
            return;
        }
        if (exchange == null) {
            return;
        }
        if (exchange.keyName() != null) {
            String existing = request.getHeaders().get(exchange.keyName());
            exchange.replacing(existing);
            String name = exchange.keyName();
            String value = exchange.keyValue();
            request.headers(headers -> headers.put(name, value));  // replaces a key the caller or an SDK set
        }
        JettySend send = new JettySend(scope, guard, exchange);
        synchronized (send) {
            send.attempts.put(request, new Attempt(exchange.target()));
            send.last = request;
        }
        conversation.setAttribute(ATTRIBUTE, send);
        guard.handedOff(scope);
        // Added before sendAsync adds the caller's listener: ours run first.
        request.onResponseBegin(send);
        request.onComplete(send);
    }

    private void followUp(Request request) {
        HttpTarget to = target(request);
        HttpTarget from;
        synchronized (this) {
            Attempt previous = last == null ? null : attempts.get(last);
            from = previous == null ? null : previous.target;
            attempts.put(request, new Attempt(to));
            last = request;
            followUps.add(to);
        }
        guard.followed(scope, from, to);
        guard.continues(scope, to);
    }

    /** {@code HttpSender.beginToHeaders} answered {@code true}: this attempt's headers are going to the wire. */
    static void written(Request request, HttpConversation conversation) {
        JettySend send = of(conversation);
        if (send != null) {
            synchronized (send) {
                Attempt a = send.attempts.get(request);
                if (a != null) {
                    a.written = true;
                }
            }
        }
    }

    /**
     * {@code HttpReceiver.responseHeaders}: a response head; a final status ({@code >= 200}) answers the attempt, with its
     * {@code Retry-After} (read only for a guarded send).
     */
    static void answered(Request request, HttpConversation conversation, int status, HttpFields head) {
        JettySend send = of(conversation);
        if (send == null || status < 200) {
            return;                                           // 100 Continue, 103 Early Hints, 101: not the answer
        }
        HttpTarget target;
        synchronized (send) {
            Attempt a = send.attempts.get(request);
            if (a == null || a.recorded) {
                return;
            }
            a.recorded = true;
            target = a.target;
        }
        send.guard.answered(send.scope, CLIENT, target, status, head == null ? null : head.get("Retry-After"));
    }

    private static JettySend of(HttpConversation conversation) {
        Object tagged = conversation == null ? null : conversation.getAttribute(ATTRIBUTE);
        return tagged instanceof JettySend ? (JettySend) tagged : null;
    }

    /** The final answer's head (one no protocol handler took): the application has its answer. */
    @Override
    public void onBegin(Response response) {
        end();
    }

    /**
     * The conversation is complete. An attempt that got no head failed: not sent if its headers never began to go out
     * (connect refused, a timeout while queued, an abort before sending), else sent without an answer.
     */
    @Override
    public void onComplete(Result result) {
        HttpTarget target = null;
        boolean written = false;
        synchronized (this) {
            Attempt a = last == null ? null : attempts.get(last);
            if (a != null && !a.recorded) {
                a.recorded = true;
                target = a.target;
                written = a.written;
            }
        }
        if (target != null) {
            Throwable failure = result == null ? null : result.getFailure();
            guard.attempt(scope, CLIENT, target, written ? WireOutcome.NO_RESPONSE : WireOutcome.NOT_SENT, 0,
                    failure == null ? null : failure.getClass().getSimpleName());
        }
        end();
    }

    private void end() {
        if (!over.compareAndSet(false, true)) {
            return;
        }
        exchange.end();
        List<HttpTarget> continued;
        synchronized (this) {
            continued = new ArrayList<>(followUps);
        }
        for (HttpTarget t : continued) {
            guard.ended(scope, t);
        }
        guard.handOffEnded(scope);
    }
}
