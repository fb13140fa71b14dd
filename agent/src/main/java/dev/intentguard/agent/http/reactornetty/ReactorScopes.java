package dev.intentguard.agent.http.reactornetty;

import dev.intentguard.api.bridge.IntentScope;
import dev.intentguard.api.bridge.ToolFrame;
import reactor.core.Scannable;

import java.util.Iterator;

/**
 * The tool a Reactor subscription belongs to, across the threads Reactor moves it to. A request is subscribed first on
 * the tool's thread (its {@code block()}), where the scope is current; a {@code retryWhen} resubscribes on a timer
 * thread, where it is not. What survives a resubscription is the subscription chain below the retry operator (the
 * retry's own subscriber, the {@code block()}): on the first subscription every subscriber downstream is tagged with
 * the scope, and a later subscription finds it there. Plain Reactor Netty also resubscribes the same
 * {@code MonoHttpConnect}, which is tagged too.
 */
final class ReactorScopes {
    /** Enough for the operators of a request chain; a longer chain is not followed further. */
    private static final int MAX_DEPTH = 64;

    private ReactorScopes() {
    }

    static ToolFrame find(Object mono, Object subscriber) {
        ToolFrame scope = IntentScope.current();
        if (scope == null) {
            scope = IntentScope.carried(mono);
        }
        if (scope == null) {
            Iterator<? extends Scannable> downstream = Scannable.from(subscriber).actuals().iterator();
            for (int i = 0; scope == null && i < MAX_DEPTH && downstream.hasNext(); i++) {
                scope = IntentScope.carried(downstream.next());
            }
        }
        return scope;
    }

    static void tag(Object mono, Object subscriber, ToolFrame scope) {
        IntentScope.carry(mono, scope);
        IntentScope.carry(subscriber, scope);
        Iterator<? extends Scannable> downstream = Scannable.from(subscriber).actuals().iterator();
        for (int i = 0; i < MAX_DEPTH && downstream.hasNext(); i++) {
            IntentScope.carry(downstream.next(), scope);
        }
    }
}
