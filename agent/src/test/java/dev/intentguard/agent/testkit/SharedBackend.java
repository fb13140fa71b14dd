package dev.intentguard.agent.testkit;

import redis.clients.jedis.RedisClient;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;

/**
 * A shared store server of this machine (Redis on 127.0.0.1:6379, PostgreSQL on 127.0.0.1:5432, database {@code test},
 * trust auth) as one test uses it: its own namespace (a Redis key prefix, a PostgreSQL schema), wiped at the end.
 */
public abstract class SharedBackend implements AutoCloseable {
    public final String namespace = "igt_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12).toLowerCase(Locale.ROOT);

    /** The store's URL through {@code port} (the server's, or a proxy's in front of it). */
    public abstract String url(int port);

    /** The server's own port. */
    public abstract int port();

    public String url() {
        return url(port());
    }

    /** Everything of this namespace gone: the epoch, the intents, the kill switch (a flush, a dropped schema). */
    public abstract void wipe() throws Exception;

    public abstract String name();

    @Override
    public void close() throws Exception {
        wipe();
    }

    @Override
    public String toString() {
        return name();
    }

    public static SharedBackend redis() {
        return new Redis(6379);
    }

    /** A Redis of the test's own (another port), which the test can restart. */
    public static SharedBackend redis(int port) {
        return new Redis(port);
    }

    public static SharedBackend postgres() {
        return new Postgres();
    }

    private static final class Redis extends SharedBackend {
        private final int port;

        Redis(int port) {
            this.port = port;
        }

        @Override
        public String url(int p) {
            return "redis://127.0.0.1:" + p + "/0";
        }

        @Override
        public int port() {
            return port;
        }

        @Override
        public void wipe() {
            try (RedisClient r = RedisClient.create("127.0.0.1", port)) {
                String cursor = ScanParams.SCAN_POINTER_START;
                do {
                    ScanResult<String> page = r.scan(cursor, new ScanParams().match(namespace + ":*").count(1000));
                    if (!page.getResult().isEmpty()) {
                        r.del(page.getResult().toArray(new String[0]));
                    }
                    cursor = page.getCursor();
                } while (!ScanParams.SCAN_POINTER_START.equals(cursor));
            }
        }

        @Override
        public String name() {
            return "redis";
        }
    }

    private static final class Postgres extends SharedBackend {
        @Override
        public String url(int p) {
            return "jdbc:postgresql://127.0.0.1:" + p + "/test?user=postgres";
        }

        @Override
        public int port() {
            return 5432;
        }

        @Override
        public void wipe() throws SQLException {
            try (Connection c = new org.postgresql.Driver().connect(url(), new java.util.Properties());
                 Statement st = c.createStatement()) {
                st.execute("DROP SCHEMA IF EXISTS " + namespace + " CASCADE");
            }
        }

        @Override
        public String name() {
            return "postgres";
        }
    }
}
