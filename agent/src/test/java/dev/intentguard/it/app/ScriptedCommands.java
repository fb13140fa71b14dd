package dev.intentguard.it.app;

import java.util.Map;

/**
 * How the forked host applications run what their driver asks: each argument is one command, its fields separated by
 * {@code |} (the command's name first), run in order; each prints {@code RESULT <command> <value>} or
 * {@code THROWN <command> <class>: <message>}.
 */
public final class ScriptedCommands {
    /** One command: its fields, the name at index 0, in; a printable value out. */
    public interface Command {
        Object run(String[] fields) throws Throwable;
    }

    private ScriptedCommands() {
    }

    public static void run(String[] args, Map<String, Command> commands) {
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
    }
}
