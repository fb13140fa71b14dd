package dev.intentguard.agent.http.reactornetty;

import dev.intentguard.bridge.IntentScope;
import dev.intentguard.bridge.ToolFrame;
import net.bytebuddy.asm.Advice;

/**
 * On {@code MonoHttpConnect.subscribe(actual)}: the scope of the tool the subscription belongs to is made current for
 * the time of the call, in which the subscription's {@code HttpClientHandler} is made ({@link NewHandler} tags it).
 */
final class SubscribeAdvice {
    private SubscribeAdvice() {
    }

    /** What enter did, for exit to undo: the scope it replaced (possibly none). */
    static final class Entered {
        final ToolFrame previous;

        Entered(ToolFrame previous) {
            this.previous = previous;
        }
    }

    @Advice.OnMethodEnter(inline = false)
    static Object enter(@Advice.Argument(0) Object subscriber) {
        ToolFrame scope = ReactorScopes.find(subscriber);
        if (scope == null) {
            return null;
        }
        ReactorScopes.tag(subscriber, scope);
        return new Entered(IntentScope.enter(scope));
    }

    @Advice.OnMethodExit(inline = false, onThrowable = Throwable.class)
    static void exit(@Advice.Enter Object entered) {
        if (entered != null) {
            IntentScope.exit(((Entered) entered).previous);
        }
    }

    /**
     * {@code new HttpClientHandler(config)}, inside {@code subscribe}: tagged with the subscription's scope, and the
     * subscription is under way for the tool until its last outcome.
     */
    static final class NewHandler {
        private NewHandler() {
        }

        @Advice.OnMethodExit(inline = false)
        static void exit(@Advice.This Object handler) {
            ToolFrame scope = IntentScope.current();
            if (scope != null) {
                InFlight.subscribed(handler, scope);
            }
        }
    }

    /**
     * {@code HttpClientHandler.test(error)}, which every error of the subscription reaches (a refused connection too):
     * {@code false} means Reactor Netty will not try again and the error goes to the subscriber, the subscription's
     * last outcome.
     */
    static final class LastError {
        private LastError() {
        }

        @Advice.OnMethodExit(inline = false)
        static void exit(@Advice.This Object handler, @Advice.Return boolean tryAgain) {
            if (!tryAgain) {
                InFlight.over(handler);
            }
        }
    }
}
