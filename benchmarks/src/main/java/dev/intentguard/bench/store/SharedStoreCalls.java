package dev.intentguard.bench.store;

import dev.intentguard.bench.BuildPaths;
import dev.intentguard.bench.call.CallOverhead;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * The agent's no-op side-effect call ({@link CallOverhead}'s {@code newIntent} and {@code sameIntent}) on a shared
 * store, for the ratios to {@link RoundTrips}: Redis on 127.0.0.1:6379 ({@code -Dintentguard.bench.redis=host:port}
 * for another) and PostgreSQL on 127.0.0.1:5432, database {@code test}. Each fork works in a namespace of its own and
 * drops it at the end.
 */
public final class SharedStoreCalls {
    static final String POSTGRES = System.getProperty("intentguard.bench.postgres",
            "jdbc:postgresql://127.0.0.1:5432/test?user=postgres");

    private SharedStoreCalls() {
    }

    static String redisHost() {
        return System.getProperty("intentguard.bench.redis", "127.0.0.1:6379").split(":")[0];
    }

    static int redisPort() {
        return Integer.parseInt(System.getProperty("intentguard.bench.redis", "127.0.0.1:6379").split(":")[1]);
    }

    /** On Redis. */
    @Warmup(iterations = 3, time = 1)
    @Measurement(iterations = 4, time = 1, timeUnit = TimeUnit.SECONDS)
    @Fork(value = 2, jvmArgsAppend = {"-Dintentguard.bench.store=redis://127.0.0.1:6379/0",
            "-javaagent:" + BuildPaths.BENCHMARKS_JAR + "=log=silent"})
    public static class OnRedis extends CallOverhead {
        private redis.clients.jedis.Connection yardstick;
        private final redis.clients.jedis.CommandArguments ping =
                new redis.clients.jedis.CommandArguments(redis.clients.jedis.Protocol.Command.PING);

        @Override
        protected boolean agentAttached() {
            return true;
        }

        @Setup(Level.Trial)
        public void connect() {
            yardstick = new redis.clients.jedis.Connection(new redis.clients.jedis.HostAndPort(redisHost(), redisPort()),
                    redis.clients.jedis.DefaultJedisClientConfig.builder().autoNegotiateProtocol(false).build());
        }

        /** {@link RoundTrips#redisPing} again, in this JVM (the agent attached, its threads running). */
        @Benchmark
        public Object ping() {
            return yardstick.executeCommand(ping);
        }

        @TearDown(Level.Trial)
        public void dropNamespace() {
            yardstick.close();
            String ns = System.getProperty("intentguard.bench.namespace");
            try (redis.clients.jedis.RedisClient r = redis.clients.jedis.RedisClient.create(redisHost(), redisPort())) {
                String cursor = "0";
                do {
                    redis.clients.jedis.resps.ScanResult<String> page = r.scan(cursor,
                            new redis.clients.jedis.params.ScanParams().match(ns + ":*").count(1000));
                    if (!page.getResult().isEmpty()) {
                        r.del(page.getResult().toArray(new String[0]));
                    }
                    cursor = page.getCursor();
                } while (!"0".equals(cursor));
            }
        }
    }

    /** On PostgreSQL. */
    @Warmup(iterations = 3, time = 1)
    @Measurement(iterations = 4, time = 1, timeUnit = TimeUnit.SECONDS)
    @Fork(value = 2, jvmArgsAppend = {"-Dintentguard.bench.store=jdbc:postgresql://127.0.0.1:5432/test?user=postgres",
            "-javaagent:" + BuildPaths.BENCHMARKS_JAR + "=log=silent"})
    public static class OnPostgres extends CallOverhead {
        private java.sql.Connection yardstick;
        private java.sql.PreparedStatement select1;

        @Override
        protected boolean agentAttached() {
            return true;
        }

        @Setup(Level.Trial)
        public void connect() throws Exception {
            yardstick = new org.postgresql.Driver().connect(POSTGRES, new java.util.Properties());
            select1 = yardstick.prepareStatement("SELECT 1");
        }

        /** {@link RoundTrips#postgresSelect1} again, in this JVM (the agent attached, its threads running). */
        @Benchmark
        public int select1() throws Exception {
            try (java.sql.ResultSet rs = select1.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }

        @TearDown(Level.Trial)
        public void dropSchema() throws Exception {
            yardstick.close();
            try (java.sql.Connection c = new org.postgresql.Driver().connect(POSTGRES, new java.util.Properties());
                 java.sql.Statement st = c.createStatement()) {
                st.execute("DROP SCHEMA IF EXISTS " + System.getProperty("intentguard.bench.namespace") + " CASCADE");
            }
        }
    }
}
