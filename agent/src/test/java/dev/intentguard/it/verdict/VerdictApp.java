package dev.intentguard.it.verdict;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * The host of the verdict tests, driven by a script; each argument is one command, fields separated by '|'.
 * <pre>
 * TOOL|ORDER                     calls VerdictTools#TOOL(String), e.g. chargeWithRetry|A1
 * refundByRequest|ORDER|CENTS    with a RefundRequest value object
 * refundGenerated|ORDER          with an AutoValue-like GeneratedRequest
 * refundOpaque|ORDER             with an OpaqueRequest
 * chargeLater|ORDER              subscribes to the returned Mono (block)
 * sleep|MILLIS                   waits
 * </pre>
 * Every command prints {@code RESULT <command> <value>} or {@code THROWN <command> <class>: <message>}.
 */
public final class VerdictApp {
    private VerdictApp() {
    }

    public static void main(String[] args) {
        VerdictTools tools = new VerdictTools();
        for (String arg : args) {
            String[] f = arg.split("\\|", -1);
            try {
                Object value;
                switch (f[0]) {
                    case "refundByRequest":
                        value = tools.refundByRequest(new RefundRequest(f[1], Long.parseLong(f[2])));
                        break;
                    case "refundGenerated":
                        value = tools.refundGenerated(GeneratedRequest.of(f[1]));
                        break;
                    case "refundOpaque":
                        value = tools.refundOpaque(new OpaqueRequest(f[1]));
                        break;
                    case "chargeLater":
                        value = tools.chargeLater(f[1]).block();
                        break;
                    case "sleep":
                        Thread.sleep(Long.parseLong(f[1]));
                        value = "slept";
                        break;
                    default:
                        Method m = VerdictTools.class.getMethod(f[0], String.class);
                        value = m.invoke(tools, f[1]);
                }
                System.out.println("RESULT " + f[0] + " " + value);
            } catch (InvocationTargetException e) {
                Throwable t = e.getCause();
                System.out.println("THROWN " + f[0] + " " + t.getClass().getName() + ": " + t.getMessage());
            } catch (Exception e) {
                Throwable t = e.getCause() != null && e instanceof RuntimeException && e.getClass().getName().startsWith("reactor")
                        ? e.getCause() : e;
                System.out.println("THROWN " + f[0] + " " + t.getClass().getName() + ": " + t.getMessage());
            }
            System.out.flush();
        }
        System.out.println("DONE");
        System.exit(0);
    }
}
