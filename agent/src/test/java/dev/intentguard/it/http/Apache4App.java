package dev.intentguard.it.http;

import dev.intentguard.it.app.ScriptedCommands;

import java.util.Map;

/**
 * A host application driving {@link Apache4Tools} from a script, one command per argument ('|'-separated):
 * <pre>
 * tool|ORDER|PATH      the post tool
 * delete|ORDER|PATH    the delete tool
 * loop|ORDER|PATH      the tool with its own retry loop
 * plain|PATH           a POST outside any tool
 * warm|PATH            a GET outside any tool (puts a connection in the pool)
 * </pre>
 * Each prints {@code RESULT <command> <value>} or {@code THROWN <command> <class>: <message>}.
 */
public final class Apache4App {
    private Apache4App() {
    }

    public static void main(String[] args) throws Exception {
        Apache4Tools tools = new Apache4Tools();
        ScriptedCommands.run(args, Map.of(
                "tool", f -> tools.post(f[1], f[2]),
                "delete", f -> tools.delete(f[1], f[2]),
                "loop", f -> tools.postWithOwnLoop(f[1], f[2]),
                "plain", f -> Apache4Tools.send("POST", f[1], "plain"),
                "warm", f -> Apache4Tools.send("GET", f[1], null)));
        Apache4Tools.CLIENT.close();
    }
}
