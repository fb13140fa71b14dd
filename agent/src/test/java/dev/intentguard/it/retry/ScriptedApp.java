package dev.intentguard.it.retry;

import dev.intentguard.it.app.ScriptedCommands;

import java.util.Map;

/**
 * The host applications of the retry ITs: their script run by {@link ScriptedCommands}, then the JVM exits (SDK thread
 * pools are not waited for).
 */
final class ScriptedApp {
    private ScriptedApp() {
    }

    static void run(String[] args, Map<String, ScriptedCommands.Command> commands) {
        ScriptedCommands.run(args, commands);
        System.exit(0);
    }
}
