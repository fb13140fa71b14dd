package dev.intentguard.it.http;

/**
 * A host application driving {@link OkHttpTools} from a script, one command per argument ('|'-separated):
 * <pre>
 * tool|ORDER|PATH      the post tool (Call.execute)
 * async|ORDER|PATH     the postAsync tool (Call.enqueue)
 * own|ORDER|PATH       the postWithOwnKey tool (the caller sets its own Idempotency-Key)
 * plain|PATH           the same POST outside any tool
 * warm|PATH            a GET outside any tool (puts a connection in the pool)
 * </pre>
 * Each prints {@code RESULT <command> <value>} or {@code THROWN <command> <class>: <message>}.
 */
public final class OkHttpApp {
    private OkHttpApp() {
    }

    public static void main(String[] args) {
        OkHttpTools tools = new OkHttpTools();
        for (String arg : args) {
            String[] f = arg.split("\\|", -1);
            try {
                Object value;
                switch (f[0]) {
                    case "tool":
                        value = tools.post(f[1], f[2]);
                        break;
                    case "own":
                        value = tools.postWithOwnKey(f[1], f[2]);
                        break;
                    case "async":
                        value = tools.postAsync(f[1], f[2]);
                        break;
                    case "plain":
                        value = OkHttpTools.send("POST", f[1], "plain");
                        break;
                    case "warm":
                        value = OkHttpTools.send("GET", f[1], null);
                        break;
                    default:
                        throw new IllegalArgumentException("unknown command " + f[0]);
                }
                System.out.println("RESULT " + f[0] + " " + value);
            } catch (Throwable t) {
                System.out.println("THROWN " + f[0] + " " + t.getClass().getName() + ": " + t.getMessage());
            }
        }
        OkHttpTools.CLIENT.dispatcher().executorService().shutdown();
        OkHttpTools.CLIENT.connectionPool().evictAll();
    }
}
