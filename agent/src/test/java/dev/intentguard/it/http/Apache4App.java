package dev.intentguard.it.http;

/**
 * A host application driving {@link Apache4Tools} from a script, one command per argument ('|'-separated):
 * <pre>
 * tool|ORDER|PATH      the post tool
 * delete|ORDER|PATH    the delete tool
 * loop|ORDER|PATH      the tool with its own retry loop
 * plain|PATH           a POST outside any tool
 * warm|PATH            a GET outside any tool (puts a connection in the pool)
 * </pre>
 * Each prints {@code RESULT <command> <value>} or {@code THROWN <command> <class>: <message>}.
 */
public final class Apache4App {
    private Apache4App() {
    }

    public static void main(String[] args) throws Exception {
        Apache4Tools tools = new Apache4Tools();
        for (String arg : args) {
            String[] f = arg.split("\\|", -1);
            try {
                Object value;
                switch (f[0]) {
                    case "tool":
                        value = tools.post(f[1], f[2]);
                        break;
                    case "delete":
                        value = tools.delete(f[1], f[2]);
                        break;
                    case "loop":
                        value = tools.postWithOwnLoop(f[1], f[2]);
                        break;
                    case "plain":
                        value = Apache4Tools.send("POST", f[1], "plain");
                        break;
                    case "warm":
                        value = Apache4Tools.send("GET", f[1], null);
                        break;
                    default:
                        throw new IllegalArgumentException("unknown command " + f[0]);
                }
                System.out.println("RESULT " + f[0] + " " + value);
            } catch (Throwable t) {
                System.out.println("THROWN " + f[0] + " " + t.getClass().getName() + ": " + t.getMessage());
            }
        }
        Apache4Tools.CLIENT.close();
    }
}
