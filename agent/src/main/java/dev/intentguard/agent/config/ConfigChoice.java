package dev.intentguard.agent.config;

import java.util.ArrayList;
import java.util.List;

/**
 * An enum a setting takes by the name written in the config ({@code mode: audit}, {@code effect: side_effect}): one
 * lookup for every such setting, and the list of names an error message offers.
 */
interface ConfigChoice {
    String configName();

    /** The constant written {@code name}, or {@code null}. */
    static <E extends ConfigChoice> E named(Class<E> type, String name) {
        for (E choice : type.getEnumConstants()) {
            if (choice.configName().equals(name)) {
                return choice;
            }
        }
        return null;
    }

    /** The names, as a message says them: {@code enforce or audit}, {@code read, idempotent or side_effect}. */
    static String names(Class<? extends ConfigChoice> type) {
        List<String> names = new ArrayList<>();
        for (ConfigChoice choice : type.getEnumConstants()) {
            names.add(choice.configName());
        }
        int last = names.size() - 1;
        return last == 0 ? names.get(0) : String.join(", ", names.subList(0, last)) + " or " + names.get(last);
    }
}
