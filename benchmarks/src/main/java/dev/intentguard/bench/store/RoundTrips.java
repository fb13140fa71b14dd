package dev.intentguard.bench.store;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Protocol;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * The yardsticks of the shared stores, on the same loopback servers the agent's benchmarks use: one Redis round trip
 * ({@code PING} on one Jedis connection, as the agent sends its commands: no pool, RESP2), one PostgreSQL round trip ({@code SELECT 1}) and one single-row {@code INSERT} committed (autocommit,
 * {@code synchronous_commit} as the server has it). {@link SharedStoreCalls} is the agent's time on the same servers.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 4, time = 1)
@Fork(2)
@Threads(1)
@State(Scope.Thread)
public class RoundTrips {
    private redis.clients.jedis.Connection redis;
    private final CommandArguments ping = new CommandArguments(Protocol.Command.PING);
    private Connection pg;
    private PreparedStatement select;
    private PreparedStatement insert;
    private long row;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        redis = new redis.clients.jedis.Connection(new HostAndPort(SharedStoreCalls.redisHost(), SharedStoreCalls.redisPort()),
                DefaultJedisClientConfig.builder().autoNegotiateProtocol(false).build());
        pg = new org.postgresql.Driver().connect(SharedStoreCalls.POSTGRES, new Properties());
        pg.setAutoCommit(true);
        try (Statement st = pg.createStatement()) {
            st.execute("CREATE TABLE IF NOT EXISTS bench_round_trip_" + ProcessHandle.current().pid()
                    + " (id bigint PRIMARY KEY, v bytea)");
        }
        select = pg.prepareStatement("SELECT 1");
        insert = pg.prepareStatement("INSERT INTO bench_round_trip_" + ProcessHandle.current().pid() + " VALUES (?, ?)");
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        try (Statement st = pg.createStatement()) {
            st.execute("DROP TABLE IF EXISTS bench_round_trip_" + ProcessHandle.current().pid());
        }
        pg.close();
        redis.close();
    }

    @Benchmark
    public Object redisPing() {
        return redis.executeCommand(ping);
    }

    @Benchmark
    public int postgresSelect1() throws Exception {
        try (ResultSet rs = select.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        }
    }

    @Benchmark
    public int postgresInsertCommit() throws Exception {
        insert.setLong(1, row++);
        insert.setBytes(2, new byte[128]);
        return insert.executeUpdate();
    }
}
