package dev.intentguard.it.http;

import dev.intentguard.it.app.ScriptedCommands;

import java.util.Map;

/**
 * A host application driving {@link ApacheAsyncTools} from a script, one command per argument ('|'-separated):
 * {@code tool|ORDER|PATH} (POST tool), {@code put|ORDER|PATH} (PUT tool), {@code plain|PATH} (a POST outside any
 * tool), {@code warm|PATH} (a GET outside any tool). Each prints {@code RESULT <command> <value>} or
 * {@code THROWN <command> <class>: <message>}.
 */
public final class ApacheAsyncApp {
    private ApacheAsyncApp() {
    }

    public static void main(String[] args) throws Exception {
        ApacheAsyncTools tools = new ApacheAsyncTools();
        ScriptedCommands.run(args, Map.of(
                "tool", f -> tools.post(f[1], f[2]),
                "put", f -> tools.put(f[1], f[2]),
                "plain", f -> ApacheAsyncTools.send("POST", f[1], "plain"),
                "warm", f -> ApacheAsyncTools.warm(f[1])));
        ApacheAsyncTools.CLIENT.close();
    }
}
