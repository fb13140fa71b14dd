package dev.intentguard.it.audit;

import dev.intentguard.bridge.CallerContext;

import javax.management.MBeanServer;
import javax.management.ObjectName;
import java.lang.management.ManagementFactory;

/**
 * A host that sets {@link CallerContext} itself around each tool call, as an agent framework's advice would (the
 * LangChain4j/Spring AI hooks are not needed to test the attribution). One command per argument:
 * <pre>
 * call|TOOLCALL|CONVERSATION|TURN|ORDER   ContextTools.refund(ORDER) inside that context ('-' for unknown)
 * bare|ORDER                              the same call with no context
 * jmx-wait                                waits (up to 30 s) for dev.intentguard:type=Tools
 * jmx-get|ATTRIBUTE                       prints an attribute of dev.intentguard:type=Tools
 * jmx|OPERATION|TOOL                      invokes disable/enable
 * </pre>
 * Prints {@code RESULT <command> <value>} or {@code THROWN <command> <class>: <message>}.
 */
public final class CallerContextApp {
    private CallerContextApp() {
    }

    public static void main(String[] args) throws Exception {
        ContextTools tools = new ContextTools();
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName name = new ObjectName("dev.intentguard:type=Tools");
        for (String arg : args) {
            String[] f = arg.split("\\|", -1);
            try {
                Object value;
                switch (f[0]) {
                    case "call":
                        CallerContext previous = CallerContext.enter(dash(f[1]), dash(f[2]), dash(f[3]), "test-host");
                        try {
                            value = tools.refund(f[4]);
                        } finally {
                            CallerContext.exit(previous);
                        }
                        break;
                    case "bare":
                        value = tools.refund(f[1]);
                        break;
                    case "jmx-wait":
                        long deadline = System.nanoTime() + 30_000_000_000L;
                        while (!server.isRegistered(name) && System.nanoTime() < deadline) {
                            Thread.sleep(20);
                        }
                        value = server.isRegistered(name);
                        break;
                    case "jmx-get":
                        value = server.getAttribute(name, f[1]);
                        break;
                    case "jmx":
                        value = server.invoke(name, f[1], new Object[] {f[2]}, new String[] {String.class.getName()});
                        break;
                    default:
                        throw new IllegalArgumentException("unknown command " + f[0]);
                }
                System.out.println("RESULT " + f[0] + " " + value);
            } catch (Throwable t) {
                System.out.println("THROWN " + f[0] + " " + t.getClass().getName() + ": " + t.getMessage());
            }
        }
        System.exit(0);
    }

    private static String dash(String s) {
        return s.equals("-") ? null : s;
    }
}
