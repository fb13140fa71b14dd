package dev.intentguard.it.http;

import dev.intentguard.it.app.ScriptedCommands;

import java.util.Map;

/**
 * A host application driving {@link JettyTools} from a script, one command per argument ('|'-separated):
 * <pre>
 * tool|ORDER|PATH      the post tool (blocking send)
 * loop|ORDER|PATH      the tool with its own retry loop
 * forget|ORDER|PATH    the tool that sends with a listener and returns at once
 * wait|ORDER|PATH      the tool that sends with a listener and waits for it
 * plain|PATH           a POST outside any tool
 * </pre>
 * Each prints {@code RESULT <command> <value>} or {@code THROWN <command> <class>: <message>}.
 */
public final class JettyApp {
    private JettyApp() {
    }

    public static void main(String[] args) throws Exception {
        JettyTools tools = new JettyTools();
        ScriptedCommands.run(args, Map.of(
                "tool", f -> tools.post(f[1], f[2]),
                "loop", f -> tools.postWithOwnLoop(f[1], f[2]),
                "forget", f -> tools.postAndForget(f[1], f[2]),
                "wait", f -> tools.postAndWait(f[1], f[2]),
                "plain", f -> JettyTools.send("POST", f[1], "plain")));
        Thread.sleep(300);                                  // a forgotten send's answer, for the record
        JettyTools.CLIENT.stop();
    }
}
