package dev.intentguard.agent.http.reactornetty;

import dev.intentguard.bridge.IntentScope;
import dev.intentguard.bridge.ToolFrame;
import reactor.core.Scannable;

import java.util.Iterator;

/**
 * The tool a Reactor subscription belongs to, across the threads Reactor moves it to. A request is subscribed first on
 * the tool's thread (its {@code block()}), where the scope is current; a {@code retryWhen} resubscribes on a timer
 * thread, where it is not. What survives a resubscription is the subscription chain below the retry operator (the
 * retry's own subscriber, the {@code block()}), made for that one subscription of the whole pipeline: on the first
 * subscription every subscriber downstream is tagged with the scope, and a later one finds it there. Nothing built
 * once and subscribed many times (the {@code Mono} itself) is tagged, and a tag of a call that is over is ignored, so
 * work subscribed after the tool returned is not taken for the tool's.
 */
final class ReactorScopes {
    /** Enough for the operators of a request chain; a longer chain is not followed further. */
    private static final int MAX_DEPTH = 64;

    private ReactorScopes() {
    }

    static ToolFrame find(Object subscriber) {
        ToolFrame scope = IntentScope.current();
        if (scope != null) {
            return scope;
        }
        Iterator<? extends Scannable> downstream = Scannable.from(subscriber).actuals().iterator();
        for (int i = 0; i < MAX_DEPTH && downstream.hasNext(); i++) {
            ToolFrame carried = IntentScope.carried(downstream.next());
            if (carried != null) {
                return carried.over() ? null : carried;
            }
        }
        return null;
    }

    static void tag(Object subscriber, ToolFrame scope) {
        IntentScope.carry(subscriber, scope);
        Iterator<? extends Scannable> downstream = Scannable.from(subscriber).actuals().iterator();
        for (int i = 0; i < MAX_DEPTH && downstream.hasNext(); i++) {
            IntentScope.carry(downstream.next(), scope);
        }
    }
}
