package dev.intentguard.agent.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code --name value} options and {@code --flag}s of a command. */
final class StoreArguments {
    private final Map<String, String> values = new LinkedHashMap<>();
    private String problem;

    StoreArguments(String[] args, List<String> options, List<String> flags) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (flags.contains(a)) {
                values.put(a, "true");
            } else if (options.contains(a) && i + 1 < args.length) {
                values.put(a, args[++i]);
            } else {
                problem = "unexpected argument \"" + a + "\"";
                return;
            }
        }
    }

    String problem() {
        return problem;
    }

    String get(String option) {
        return values.get(option);
    }

    boolean has(String flag) {
        return values.containsKey(flag);
    }
}
