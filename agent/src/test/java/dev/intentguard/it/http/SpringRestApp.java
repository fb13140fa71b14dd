package dev.intentguard.it.http;

import dev.intentguard.it.app.ScriptedCommands;

import java.util.Map;

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

    public static void main(String[] args) throws Exception {
        SpringRestTools tools = new SpringRestTools();
        ScriptedCommands.run(args, Map.of(
                "client", f -> tools.restClient(f[1], f[2], f[3]),
                "template", f -> tools.restTemplate(f[1], f[2], f[3])));
        System.exit(0);                                      // the factories' client threads are not daemons
    }
}
