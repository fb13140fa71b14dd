package dev.intentguard.it.http;

/**
 * A host application driving {@link SpringRestTools} from a script, one command per argument ('|'-separated):
 * <pre>
 * client|FACTORY|ORDER|PATH     the RestClient tool
 * template|FACTORY|ORDER|PATH   the RestTemplate tool
 * </pre>
 * Each prints {@code RESULT <command> <value>} or {@code THROWN <command> <class>: <message>}.
 */
public final class SpringRestApp {
    private SpringRestApp() {
    }

    public static void main(String[] args) {
        SpringRestTools tools = new SpringRestTools();
        for (String arg : args) {
            String[] f = arg.split("\\|", -1);
            try {
                Object value;
                switch (f[0]) {
                    case "client":
                        value = tools.restClient(f[1], f[2], f[3]);
                        break;
                    case "template":
                        value = tools.restTemplate(f[1], f[2], f[3]);
                        break;
                    default:
                        throw new IllegalArgumentException("unknown command " + f[0]);
                }
                System.out.println("RESULT " + f[0] + " " + value);
            } catch (Throwable t) {
                System.out.println("THROWN " + f[0] + " " + t.getClass().getName() + ": " + t.getMessage());
            }
        }
        System.exit(0);                                      // the factories' client threads are not daemons
    }
}
