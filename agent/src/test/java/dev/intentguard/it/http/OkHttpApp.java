package dev.intentguard.it.http;

import dev.intentguard.it.app.ScriptedCommands;

import java.util.Map;

/**
 * A host application driving {@link OkHttpTools} from a script, one command per argument ('|'-separated):
 * <pre>
 * tool|ORDER|PATH      the post tool (Call.execute)
 * async|ORDER|PATH     the postAsync tool (Call.enqueue)
 * own|ORDER|PATH       the postWithOwnKey tool (the caller sets its own Idempotency-Key)
 * plain|PATH           the same POST outside any tool
 * warm|PATH            a GET outside any tool (puts a connection in the pool)
 * </pre>
 * Each prints {@code RESULT <command> <value>} or {@code THROWN <command> <class>: <message>}.
 */
public final class OkHttpApp {
    private OkHttpApp() {
    }

    public static void main(String[] args) throws Exception {
        OkHttpTools tools = new OkHttpTools();
        ScriptedCommands.run(args, Map.of(
                "tool", f -> tools.post(f[1], f[2]),
                "own", f -> tools.postWithOwnKey(f[1], f[2]),
                "async", f -> tools.postAsync(f[1], f[2]),
                "plain", f -> OkHttpTools.send("POST", f[1], "plain"),
                "warm", f -> OkHttpTools.send("GET", f[1], null)));
        OkHttpTools.CLIENT.dispatcher().executorService().shutdown();
        OkHttpTools.CLIENT.connectionPool().evictAll();
    }
}
