package dev.intentguard.agent.cli;

import java.io.File;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URISyntaxException;

/**
 * {@code attach <pid> [config=PATH,...]}: loads the agent into a running JVM (Attach API, {@code agentmain}). The
 * target re-weaves the tool and HTTP classes it has already loaded; a JVM that already runs intentguard refuses the
 * second load and says so in its own log. Needs a JDK (the {@code jdk.attach} module), run as the target's user.
 */
final class AttachCommand {
    static final String USAGE = "usage: attach <pid> [config=PATH[,on-error=fail-closed]]";

    private AttachCommand() {
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length < 1 || args.length > 2 || !args[0].matches("\\d+")) {
            err.println(USAGE);
            return 2;
        }
        String pid = args[0];
        if (Long.parseLong(pid) == ProcessHandle.current().pid()) {
            err.println("cannot attach to this very process");
            return 2;
        }
        String options = args.length == 2 ? args[1] : "";
        String jar;
        try {
            jar = new File(AttachCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI()).getAbsolutePath();
        } catch (URISyntaxException | RuntimeException e) {
            err.println("cannot tell where the agent jar is: " + e);
            return 1;
        }
        try {
            // jdk.attach belongs to the application class loader, which this tool's own loader does not see.
            Class<?> vmType = Class.forName("com.sun.tools.attach.VirtualMachine", true, ClassLoader.getSystemClassLoader());
            Object vm = vmType.getMethod("attach", String.class).invoke(null, pid);
            try {
                Method load = vmType.getMethod("loadAgent", String.class, String.class);
                load.invoke(vm, jar, absoluteConfig(options));
            } finally {
                vmType.getMethod("detach").invoke(vm);
            }
        } catch (ClassNotFoundException e) {
            err.println("this Java runtime has no Attach API (module jdk.attach): run the command with a JDK's java");
            return 1;
        } catch (InvocationTargetException e) {
            err.println("could not attach to " + pid + ": " + e.getCause()
                    + " (is it a JVM of the same user? JDK 21+ targets may also need -XX:+EnableDynamicAgentLoading to stay quiet)");
            return 1;
        } catch (ReflectiveOperationException e) {
            err.println("could not attach to " + pid + ": " + e);
            return 1;
        }
        out.println("intentguard loaded into " + pid + "; its log says whether it started (a JVM that runs it already refuses)");
        return 0;
    }

    /** The target resolves relative paths against its own working directory: make the config path absolute here. */
    private static String absoluteConfig(String options) {
        StringBuilder out = new StringBuilder();
        for (String part : options.split(",")) {
            if (part.isBlank()) {
                continue;
            }
            String p = part.startsWith("config=") ? "config=" + new File(part.substring(7)).getAbsolutePath()
                    : part.contains("=") ? part : "config=" + new File(part).getAbsolutePath();
            out.append(out.length() == 0 ? "" : ",").append(p);
        }
        return out.toString();
    }
}
