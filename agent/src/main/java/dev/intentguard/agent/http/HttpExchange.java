package dev.intentguard.agent.http;

import dev.intentguard.bridge.ToolFrame;

/**
 * One send by the application, an SDK or a framework, from {@link HttpGuard#begin} to {@link #end}: the key header it
 * carries (if it is keyed) and the evidence it leaves. The client's own resends inside it are asked of
 * {@link HttpGuard#mayResend}.
 */
public final class HttpExchange {
    private final HttpGuard guard;
    final ToolFrame scope;
    final String client;
    final HttpTarget target;
    private final String keyName;
    private final String keyValue;
    private final boolean watched;

    HttpExchange(HttpGuard guard, ToolFrame scope, String client, HttpTarget target, String keyName, String keyValue,
                 boolean watched) {
        this.guard = guard;
        this.scope = scope;
        this.client = client;
        this.target = target;
        this.keyName = keyName;
        this.keyValue = keyValue;
        this.watched = watched;
    }

    /** The key header's name, or {@code null} when this request is not keyed (a read, a host off the list, audit). */
    public String keyName() {
        return keyName;
    }

    public String keyValue() {
        return keyValue;
    }

    public ToolFrame scope() {
        return scope;
    }

    public HttpTarget target() {
        return target;
    }

    /** The request already carried {@code existing} under the key's name (logged once per tool and client). */
    public void replacing(String existing) {
        if (keyName != null && existing != null && !existing.equals(keyValue)) {
            guard.replaced(scope, client);
        }
    }

    /** The exchange is over: answered, or failed for good. */
    public void end() {
        if (watched) {
            guard.ended(scope, target);
        }
    }
}
