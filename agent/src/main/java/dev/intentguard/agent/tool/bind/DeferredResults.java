package dev.intentguard.agent.tool.bind;

import net.bytebuddy.description.type.TypeDefinition;
import net.bytebuddy.description.type.TypeDescription;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Return types whose work happens after the method returns: a future, a reactive publisher, a coroutine. A tool
 * returning one has not done anything yet when the agent judges its outcome (a cold {@code Mono} sends its request
 * when subscribed), so such tools are refused at binding rather than recorded done before their effect.
 */
public final class DeferredResults {
    /** Types (any supertype of the return type counts) and what they are. */
    private static final Map<String, String> KINDS = Map.ofEntries(
            Map.entry("java.util.concurrent.Future", "a future"),
            Map.entry("java.util.concurrent.CompletionStage", "a future"),
            Map.entry("java.util.concurrent.Flow$Publisher", "a reactive publisher"),
            Map.entry("org.reactivestreams.Publisher", "a reactive publisher"),
            Map.entry("reactor.core.publisher.Mono", "a reactive publisher"),
            Map.entry("reactor.core.publisher.Flux", "a reactive publisher"),
            Map.entry("io.reactivex.rxjava3.core.SingleSource", "an RxJava source"),
            Map.entry("io.reactivex.rxjava3.core.MaybeSource", "an RxJava source"),
            Map.entry("io.reactivex.rxjava3.core.CompletableSource", "an RxJava source"),
            Map.entry("io.reactivex.rxjava3.core.ObservableSource", "an RxJava source"),
            Map.entry("io.reactivex.SingleSource", "an RxJava source"),
            Map.entry("io.reactivex.MaybeSource", "an RxJava source"),
            Map.entry("io.reactivex.CompletableSource", "an RxJava source"),
            Map.entry("io.reactivex.ObservableSource", "an RxJava source"),
            Map.entry("io.smallrye.mutiny.Uni", "a Mutiny Uni"),
            Map.entry("io.smallrye.mutiny.Multi", "a Mutiny Multi"),
            Map.entry("io.vertx.core.Future", "a Vert.x future"),
            Map.entry("kotlinx.coroutines.Deferred", "a coroutine"),
            Map.entry("kotlinx.coroutines.Job", "a coroutine"),
            Map.entry("scala.concurrent.Future", "a Scala future"));

    private DeferredResults() {
    }

    /** What kind of deferred result {@code type} is, or {@code null} for a plain value. */
    static String kind(TypeDescription type) {
        if (type.isPrimitive() || type.isArray()) {
            return null;
        }
        Deque<TypeDefinition> queue = new ArrayDeque<>();
        Set<String> seen = new HashSet<>();
        queue.add(type);
        while (!queue.isEmpty()) {
            TypeDescription t;
            try {
                t = queue.poll().asErasure();
            } catch (RuntimeException unresolvable) {
                continue;                                 // a supertype off the class path: judged on the rest
            }
            if (!seen.add(t.getName())) {
                continue;
            }
            String kind = KINDS.get(t.getName());
            if (kind != null) {
                return kind;
            }
            try {
                if (t.getSuperClass() != null) {
                    queue.add(t.getSuperClass());
                }
                queue.addAll(t.getInterfaces());
            } catch (RuntimeException unresolvable) {
                // as above
            }
        }
        return null;
    }
}
