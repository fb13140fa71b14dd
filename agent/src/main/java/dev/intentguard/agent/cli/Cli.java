package dev.intentguard.agent.cli;

import java.io.PrintStream;
import java.util.Arrays;

/** {@code java -jar intentguard-agent.jar <command>}: the operator's tools. */
public final class Cli {
    private Cli() {
    }

    /** Runs a command; returns the process exit status. */
    public static int run(String[] args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        if (args.length == 0 || args[0].equals("help") || args[0].equals("--help") || args[0].equals("-h")) {
            out.println(usage());
            return args.length == 0 ? 2 : 0;
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        String usage = commandUsage(args[0]);
        if (usage != null && rest.length == 1 && (rest[0].equals("--help") || rest[0].equals("-h"))) {
            out.println(usage);
            return 0;
        }
        switch (args[0]) {
            case "check":
                return CheckCommand.run(rest, out, err);
            case "intents":
                return IntentsCommand.run(rest, out, err);
            case "resolve":
                return ResolveCommand.run(rest, out, err);
            case "attach":
                return AttachCommand.run(rest, out, err);
            case "report":
                return ReportCommand.run(rest, out, err);
            case "disable":
                return FleetCommand.switchTool(rest, true, out, err);
            case "enable":
                return FleetCommand.switchTool(rest, false, out, err);
            case "accept-loss":
                return FleetCommand.acceptLoss(rest, out, err);
            case "version":
                out.println("intentguard " + dev.intentguard.agent.Version.current());
                return 0;
            default:
                err.println("unknown command \"" + args[0] + "\"\n" + usage());
                return 2;
        }
    }

    /** A command's one-line usage, or {@code null} for a name that is no command. */
    static String commandUsage(String command) {
        switch (command) {
            case "check":
                return CheckCommand.USAGE;
            case "intents":
                return IntentsCommand.USAGE;
            case "resolve":
                return ResolveCommand.USAGE;
            case "attach":
                return AttachCommand.USAGE;
            case "report":
                return ReportCommand.USAGE;
            case "disable":
                return FleetCommand.DISABLE;
            case "enable":
                return FleetCommand.ENABLE;
            case "accept-loss":
                return FleetCommand.ACCEPT_LOSS;
            case "version":
                return "usage: version";
            default:
                return null;
        }
    }

    static String usage() {
        return String.join("\n",
                "usage: java -jar intentguard-agent.jar <command>",
                "  check CONFIG [--classpath CP]   validate a config; with the class path, also each method and key",
                "  intents --store PATH|URL [--status S] [--json]",
                "                                  list the intents of a store (while the application runs)",
                "  resolve --store PATH|URL --key K --as done|failed",
                "                                  settle an unknown intent after checking with the provider",
                "  report --store PATH|URL [--since 24h] [--format text|json|html] [--out FILE]",
                "                                  repeats by retry layer, fan-out, what was (or would be) prevented",
                "  disable TOOL --store URL        switch a tool off for every JVM on a shared store (enable: on)",
                "  accept-loss --store URL         let the agents go on after a shared store lost its data",
                "  (a shared store's URL: redis://host:6379/0, jdbc:postgresql://host:5432/db; --namespace NS if not intentguard)",
                "  attach PID [config=PATH]        load the agent into a running JVM",
                "  version                         print the agent's version",
                "",
                "attach the agent: java -javaagent:intentguard-agent.jar=config=intentguard.yaml -jar app.jar");
    }
}
