package dev.intentguard.it.http;

/**
 * A host application driving {@link ApacheAsyncTools} from a script, one command per argument ('|'-separated):
 * {@code tool|ORDER|PATH} (POST tool), {@code put|ORDER|PATH} (PUT tool), {@code plain|PATH} (a POST outside any
 * tool), {@code warm|PATH} (a GET outside any tool). Each prints {@code RESULT <command> <value>} or
 * {@code THROWN <command> <class>: <message>}.
 */
public final class ApacheAsyncApp {
    private ApacheAsyncApp() {
    }

    public static void main(String[] args) throws Exception {
        ApacheAsyncTools tools = new ApacheAsyncTools();
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
                    case "plain":
                        value = ApacheAsyncTools.send("POST", f[1], "plain");
                        break;
                    case "warm":
                        value = ApacheAsyncTools.send("GET", f[1], null);
                        ApacheAsyncTools.awaitPooledConnection();
                        break;
                    default:
                        throw new IllegalArgumentException("unknown command " + f[0]);
                }
                System.out.println("RESULT " + f[0] + " " + value);
            } catch (Throwable t) {
                System.out.println("THROWN " + f[0] + " " + t.getClass().getName() + ": " + t.getMessage());
            }
        }
        ApacheAsyncTools.CLIENT.close();
    }
}
