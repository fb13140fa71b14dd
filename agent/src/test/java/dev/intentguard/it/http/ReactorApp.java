package dev.intentguard.it.http;

/**
 * A host application driving {@link ReactorTools} from a script, one command per argument ('|'-separated):
 * <pre>
 * web|ORDER|PATH       the WebClient tool
 * netty|ORDER|PATH     the Reactor Netty HttpClient tool
 * plain|PATH           a WebClient POST outside any tool (with the same retry)
 * cached|ORDER|PATH    the tool that subscribes a kept request Mono
 * cached-plain|PATH    the same kept Mono, subscribed outside any tool
 * forget|ORDER|PATH    the tool that subscribes a WebClient POST and returns without waiting
 * </pre>
 * Each prints {@code RESULT <command> <value>} or {@code THROWN <command> <class>: <message>}.
 */
public final class ReactorApp {
    private ReactorApp() {
    }

    public static void main(String[] args) {
        ReactorTools tools = new ReactorTools();
        for (String arg : args) {
            String[] f = arg.split("\\|", -1);
            try {
                Object value;
                switch (f[0]) {
                    case "web":
                        value = tools.webClientPost(f[1], f[2]);
                        break;
                    case "netty":
                        value = tools.reactorPost(f[1], f[2]);
                        break;
                    case "plain":
                        value = ReactorTools.web(f[1], "plain");
                        break;
                    case "cached":
                        value = tools.cachedPost(f[1], f[2]);
                        break;
                    case "forget":
                        value = tools.webClientFireAndForget(f[1], f[2]);
                        break;
                    case "cached-plain":
                        value = ReactorTools.cached(f[1]).block(java.time.Duration.ofSeconds(20));
                        break;
                    default:
                        throw new IllegalArgumentException("unknown command " + f[0]);
                }
                System.out.println("RESULT " + f[0] + " " + value);
            } catch (Throwable t) {
                Throwable cause = t.getCause() == null ? t : t.getCause();
                System.out.println("THROWN " + f[0] + " " + t.getClass().getName() + ": " + t.getMessage() + " / cause "
                        + cause.getClass().getName() + ": " + cause.getMessage());
            }
        }
        System.exit(0);
    }
}
