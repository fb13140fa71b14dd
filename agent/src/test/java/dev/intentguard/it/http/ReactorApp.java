package dev.intentguard.it.http;

import dev.intentguard.it.app.ScriptedCommands;

import java.util.Map;

/**
 * A host application driving {@link ReactorTools} from a script, one command per argument ('|'-separated):
 * <pre>
 * web|ORDER|PATH       the WebClient tool
 * netty|ORDER|PATH     the Reactor Netty HttpClient tool
 * plain|PATH           a WebClient POST outside any tool (with the same retry)
 * cached|ORDER|PATH    the tool that subscribes a kept request Mono
 * cached-plain|PATH    the same kept Mono, subscribed outside any tool
 * forget|ORDER|PATH    the tool that subscribes a WebClient POST and returns without waiting
 * </pre>
 * Each prints {@code RESULT <command> <value>} or {@code THROWN <command> <class>: <message>}.
 */
public final class ReactorApp {
    private ReactorApp() {
    }

    public static void main(String[] args) throws Exception {
        ReactorTools tools = new ReactorTools();
        ScriptedCommands.run(args, Map.of(
                "web", f -> tools.webClientPost(f[1], f[2]),
                "netty", f -> tools.reactorPost(f[1], f[2]),
                "plain", f -> ReactorTools.web(f[1], "plain"),
                "cached", f -> tools.cachedPost(f[1], f[2]),
                "forget", f -> tools.webClientFireAndForget(f[1], f[2]),
                "cached-plain", f -> ReactorTools.cached(f[1]).block(java.time.Duration.ofSeconds(20))));
        System.exit(0);
    }
}
