package dev.intentguard.it.http;

import dev.intentguard.it.app.ScriptedCommands;

import java.util.Map;

/**
 * A host application driving {@link ApacheTools} from a script, one command per argument ('|'-separated):
 * <pre>
 * tool|ORDER|PATH      the post tool
 * put|ORDER|PATH       the put tool
 * own|ORDER|PATH       the postWithOwnKey tool (the caller sets its own Idempotency-Key)
 * plain|PATH           a POST outside any tool
 * warm|PATH            a GET outside any tool (puts a connection in the pool)
 * </pre>
 * Each prints {@code RESULT <command> <value>} or {@code THROWN <command> <class>: <message>}.
 */
public final class ApacheApp {
    private ApacheApp() {
    }

    public static void main(String[] args) throws Exception {
        ApacheTools tools = new ApacheTools();
        ScriptedCommands.run(args, Map.of(
                "tool", f -> tools.post(f[1], f[2]),
                "put", f -> tools.put(f[1], f[2]),
                "own", f -> tools.postWithOwnKey(f[1], f[2]),
                "plain", f -> ApacheTools.send("POST", f[1], "plain"),
                "warm", f -> ApacheTools.send("GET", f[1], null)));
        ApacheTools.CLIENT.close();
    }
}
