package dev.intentguard.it.http;

/**
 * A host application driving {@link ApacheTools} from a script, one command per argument ('|'-separated):
 * <pre>
 * tool|ORDER|PATH      the post tool
 * put|ORDER|PATH       the put tool
 * own|ORDER|PATH       the postWithOwnKey tool (the caller sets its own Idempotency-Key)
 * plain|PATH           a POST outside any tool
 * plain-put|PATH       a PUT outside any tool
 * warm|PATH            a GET outside any tool (puts a connection in the pool)
 * </pre>
 * Each prints {@code RESULT <command> <value>} or {@code THROWN <command> <class>: <message>}.
 */
public final class ApacheApp {
    private ApacheApp() {
    }

    public static void main(String[] args) throws Exception {
        ApacheTools tools = new ApacheTools();
        for (String arg : args) {
            String[] f = arg.split("\\|", -1);
            try {
                Object value;
                switch (f[0]) {
                    case "tool":
                        value = tools.post(f[1], f[2]);
                        break;
                    case "put":
                        value = tools.put(f[1], f[2]);
                        break;
                    case "own":
                        value = tools.postWithOwnKey(f[1], f[2]);
                        break;
                    case "plain":
                        value = ApacheTools.send("POST", f[1], "plain");
                        break;
                    case "plain-put":
                        value = ApacheTools.send("PUT", f[1], "plain");
                        break;
                    case "warm":
                        value = ApacheTools.send("GET", f[1], null);
                        break;
                    default:
                        throw new IllegalArgumentException("unknown command " + f[0]);
                }
                System.out.println("RESULT " + f[0] + " " + value);
            } catch (Throwable t) {
                System.out.println("THROWN " + f[0] + " " + t.getClass().getName() + ": " + t.getMessage());
            }
        }
        ApacheTools.CLIENT.close();
    }
}
