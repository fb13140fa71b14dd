package dev.intentguard.it.retry;

import java.util.Map;

/**
 * The host applications of the retry ITs, driven by a script: one command per argument, fields separated by
 * '|', the first naming a command of the app. Each prints {@code RESULT <command> <value>} or
 * {@code THROWN <command> <class>: <message>}, then the JVM exits (SDK thread pools are not waited for).
 */
final class ScriptedApp {
    /** One command: the fields after the command name in, a printable value out. */
    interface Command {
        Object run(String[] fields) throws Throwable;
    }

    private ScriptedApp() {
    }

    static void run(String[] args, Map<String, Command> commands) {
        for (String arg : args) {
            String[] f = arg.split("\\|", -1);
            try {
                Command c = commands.get(f[0]);
                if (c == null) {
                    throw new IllegalArgumentException("unknown command " + f[0]);
                }
                System.out.println("RESULT " + f[0] + " " + c.run(f));
            } catch (Throwable t) {
                System.out.println("THROWN " + f[0] + " " + t.getClass().getName() + ": " + t.getMessage());
            }
            System.out.flush();
        }
        System.exit(0);
    }
}
