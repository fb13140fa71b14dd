package dev.intentguard.agent.store;

import dev.intentguard.agent.config.StoreSettings;
import dev.intentguard.agent.config.StoreUrls;
import dev.intentguard.agent.store.postgres.PostgresIntentStore;
import dev.intentguard.agent.store.redis.RedisIntentStore;

/**
 * Opens the shared store {@code store.url} names. Its client library (Jedis, pgjdbc) is loaded here, in the agent's
 * own class loader, and only when a URL is configured: a host with other versions of them is untouched, and an agent
 * on the file store never loads them.
 */
public final class SharedStores {
    /** Where a password can come from instead of the URL. */
    public static final String PASSWORD_VARIABLE = "INTENTGUARD_STORE_PASSWORD";

    private SharedStores() {
    }

    public static FleetStore open(StoreSettings settings) throws StoreUnavailableException {
        return open(settings.url(), settings);
    }

    /** The store at {@code url} with the other settings of {@code settings} (the command-line tools give only a URL). */
    public static FleetStore open(String url, StoreSettings settings) throws StoreUnavailableException {
        String owner = ProcessOwner.self().instance();
        StoreUrls.Kind kind = StoreUrls.kind(url);
        if (kind == StoreUrls.Kind.REDIS) {
            return RedisIntentStore.open(url, settings.namespace(), settings.operationTimeout(), settings.lease(),
                    settings.retention(), owner, () -> System.getenv(PASSWORD_VARIABLE));
        }
        if (kind == StoreUrls.Kind.POSTGRES) {
            return PostgresIntentStore.open(url, settings.namespace(), settings.operationTimeout(), settings.lease(),
                    settings.retention(), owner, () -> System.getenv(PASSWORD_VARIABLE));
        }
        throw new StoreUnavailableException("store " + StoreUrls.masked(url) + " is neither redis:// nor a PostgreSQL URL", null);
    }
}
