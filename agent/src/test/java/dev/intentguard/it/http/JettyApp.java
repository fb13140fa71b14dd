package dev.intentguard.it.http;

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
        for (String arg : args) {
            String[] f = arg.split("\\|", -1);
            try {
                Object value;
                switch (f[0]) {
                    case "tool":
                        value = tools.post(f[1], f[2]);
                        break;
                    case "loop":
                        value = tools.postWithOwnLoop(f[1], f[2]);
                        break;
                    case "forget":
                        value = tools.postAndForget(f[1], f[2]);
                        break;
                    case "wait":
                        value = tools.postAndWait(f[1], f[2]);
                        break;
                    case "plain":
                        value = JettyTools.send("POST", f[1], "plain");
                        break;
                    default:
                        throw new IllegalArgumentException("unknown command " + f[0]);
                }
                System.out.println("RESULT " + f[0] + " " + value);
            } catch (Throwable t) {
                System.out.println("THROWN " + f[0] + " " + t.getClass().getName() + ": " + t.getMessage());
            }
        }
        Thread.sleep(300);                                  // a forgotten send's answer, for the record
        JettyTools.CLIENT.stop();
    }
}
