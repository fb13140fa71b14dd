package dev.intentguard.agent.cli;

import dev.intentguard.agent.config.StoreSettings;
import dev.intentguard.agent.config.StoreUrls;
import dev.intentguard.agent.store.ChronicleIntentStore;
import dev.intentguard.agent.store.FleetStore;
import dev.intentguard.agent.store.IntentStore;
import dev.intentguard.agent.store.SharedStores;
import dev.intentguard.agent.store.StoreUnavailableException;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The store a command's {@code --store} names: a shared store's URL ({@code redis://...}, {@code jdbc:postgresql://...},
 * with {@code --namespace} when it is not the default), or this host's store file.
 */
final class CliStores {
    /** What a command waits for one store operation: more than an agent's call does, an operator is waiting. */
    private static final Duration OPERATION = Duration.ofSeconds(5);

    private CliStores() {
    }

    static boolean shared(String store) {
        return StoreUrls.kind(store) != null;
    }

    static IntentStore open(String store, String namespace) throws StoreUnavailableException, IOException {
        if (shared(store)) {
            return fleet(store, namespace);
        }
        return ChronicleIntentStore.openExisting(Path.of(store), Duration.ofSeconds(5));
    }

    static FleetStore fleet(String url, String namespace) throws StoreUnavailableException {
        StoreSettings d = new StoreSettings(null, 0, Duration.ofDays(7), Duration.ZERO, 8192, OPERATION, OPERATION, url,
                namespace == null ? StoreSettings.DEFAULT_NAMESPACE : namespace, OPERATION, StoreSettings.DEFAULT_LEASE);
        return SharedStores.open(d);
    }

    /** How messages name it: the URL with its password masked, or the file. */
    static String describe(String store) {
        return shared(store) ? StoreUrls.masked(store) : store;
    }
}
