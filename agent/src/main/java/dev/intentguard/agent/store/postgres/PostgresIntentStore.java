package dev.intentguard.agent.store.postgres;

import dev.intentguard.agent.config.StoreUrls;
import dev.intentguard.agent.log.AgentLoggers;
import dev.intentguard.agent.store.ConnectionPool;
import dev.intentguard.agent.store.FleetStore;
import dev.intentguard.agent.store.IntentRecord;
import dev.intentguard.agent.store.IntentStatus;
import dev.intentguard.agent.store.LeaseKeeper;
import dev.intentguard.agent.store.StoreFailedException;
import dev.intentguard.agent.store.StoreLostException;
import dev.intentguard.agent.store.StoreUnavailableException;
import org.slf4j.Logger;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * The intents in PostgreSQL, shared by every JVM of a fleet, in the schema {@code store.namespace}: a table of intents
 * (the record bytes, its status, the in-flight lease on the server's clock, when a finished one expires), the
 * schema's identity and version, the kill switch and the audit journal. A claim is a read and, when the intent is
 * new, one {@code INSERT ... ON CONFLICT DO NOTHING} (whoever inserts the row owns it); every
 * transition is an {@code UPDATE ... WHERE record = <the bytes the caller read>}, so it is conditional on the
 * claimant's own record; each checks that the schema's identity is still the one this JVM knows. Autocommit
 * throughout: no row lock is ever held across a tool's body. Keep {@code synchronous_commit} on: an acknowledged claim
 * must survive a crash of the server.
 */
public final class PostgresIntentStore implements FleetStore {
    private static final Logger LOG = AgentLoggers.named("intentguard");
    static final int SCHEMA_VERSION = 1;
    private static final int POOL = 8;
    /** The journal keeps this many days at least (the report's window), whatever the intents' retention. */
    private static final long JOURNAL_DAYS = 7;

    private final String url;
    private final String jdbcUrl;
    private final Properties properties;
    private final String s;
    private final long leaseMillis;
    private final long retentionMillis;
    private final long operationMillis;
    private final String owner;
    private final LeaseKeeper leases;
    /** Claims and reads: every commit durable ({@code synchronous_commit} as the server has it, keep it on). */
    private final ConnectionPool<Connection> durable;
    /**
     * The transitions after a claim (DONE, FAILED, unknown, a removal), committed with {@code synchronous_commit = off}:
     * one WAL flush per new intent instead of two. A transition that a server crash loses leaves the claim it replaced,
     * IN_FLIGHT with a lease that runs out: the intent reads as unknown, never as free to run again. A claim (also the
     * claim of a retry after a failure) always commits durably.
     */
    private final ConnectionPool<Connection> relaxed;
    private final org.postgresql.Driver driver = privateDriver();
    private final String claimSql;
    private final String replaceSql;
    private volatile String epoch;
    private volatile boolean lost;

    private PostgresIntentStore(String url, String jdbcUrl, Properties properties, String schema, Duration operationTimeout,
                                Duration lease, Duration retention, String owner) {
        this.url = url;
        this.jdbcUrl = jdbcUrl;
        this.properties = properties;
        this.s = schema;
        this.operationMillis = operationTimeout.toMillis();
        this.leaseMillis = lease.toMillis();
        this.retentionMillis = retention.toMillis();
        this.owner = owner;
        this.leases = new LeaseKeeper(lease, this::renew);
        // Set on each new connection, not through the URL's options (which a URL of the user's may replace) nor left to the
        // role's defaults (an ALTER ROLE ... SET synchronous_commit = off would make claims asynchronous).
        String timeout = "SET statement_timeout = " + operationTimeout.toMillis() + "; ";
        this.durable = pool(POOL, properties, timeout + "SET synchronous_commit = on");
        this.relaxed = pool(3, properties, timeout + "SET synchronous_commit = off");
        // The claim proper: the row is ours if this inserts it (claimOrGet reads first, so a repeat costs one SELECT).
        // An audited call's outcome may be stored this way too: then no lease, and a retention if it is finished.
        this.claimSql = "INSERT INTO " + s + ".intents (key, record, status, lease_owner, lease_until, expires_at, updated_at) "
                + "SELECT ?, ?, ?, ?, CASE WHEN ? THEN clock_timestamp() + ? * interval '1 millisecond' END, "
                + "CASE WHEN ? THEN clock_timestamp() + ? * interval '1 millisecond' END, now() "
                + "WHERE EXISTS (SELECT 1 FROM " + s + ".meta WHERE name = 'epoch' AND value = ?) "
                + "ON CONFLICT (key) DO NOTHING";
        this.replaceSql = "UPDATE " + s + ".intents SET record = ?, status = ?, lease_owner = ?, "
                + "lease_until = CASE WHEN ? THEN clock_timestamp() + ? * interval '1 millisecond' END, "
                + "expires_at = CASE WHEN ? THEN clock_timestamp() + ? * interval '1 millisecond' END, updated_at = now() "
                + "WHERE key = ? AND record = ? AND EXISTS (SELECT 1 FROM " + s + ".meta WHERE name = 'epoch' AND value = ?)";
    }

    /**
     * Connects to the PostgreSQL of {@code url} ({@code jdbc:postgresql://host:port/db?user=...}, or libpq's
     * {@code postgresql://user:password@host:port/db}; the password may come from {@code INTENTGUARD_STORE_PASSWORD})
     * and creates the schema, tables and identity when they are not there. A server that is not there yet is no
     * failure: the store connects at the first operation that needs it.
     */
    public static PostgresIntentStore open(String url, String schema, Duration operationTimeout, Duration lease,
                                           Duration retention, String owner, Supplier<String> environmentPassword)
            throws StoreUnavailableException {
        Properties props = new Properties();
        String jdbc;
        if (url.regionMatches(true, 0, "jdbc:", 0, 5)) {
            jdbc = url;
        } else {
            URI uri = URI.create(url);
            jdbc = "jdbc:postgresql://" + uri.getHost() + (uri.getPort() > 0 ? ":" + uri.getPort() : "")
                    + (uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath())
                    + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
            if (uri.getRawUserInfo() != null) {
                String info = URLDecoder.decode(uri.getRawUserInfo(), StandardCharsets.UTF_8);
                int colon = info.indexOf(':');
                props.setProperty("user", colon < 0 ? info : info.substring(0, colon));
                if (colon >= 0) {
                    props.setProperty("password", info.substring(colon + 1));
                }
            }
        }
        if (!jdbc.toLowerCase(java.util.Locale.ROOT).contains("password=") && !props.containsKey("password")) {
            String p = environmentPassword.get();
            if (p != null && !p.isEmpty()) {
                props.setProperty("password", p);
            }
        }
        long seconds = Math.max(1, (operationTimeout.toMillis() + 999) / 1000);   // pgjdbc counts in whole seconds
        props.setProperty("connectTimeout", Long.toString(seconds));
        props.setProperty("socketTimeout", Long.toString(seconds));   // connecting; each operation sets its own
        props.setProperty("tcpKeepAlive", "true");
        props.setProperty("ApplicationName", "intentguard");
        props.setProperty("prepareThreshold", "1");
        PostgresIntentStore store = new PostgresIntentStore(url, jdbc, props, schema, operationTimeout, lease, retention, owner);
        try {
            store.identity();
        } catch (StoreFailedException notYet) {
            LOG.warn("intent store {} is not reachable yet ({}); side-effect calls follow on-error until it is",
                    StoreUrls.masked(url), notYet.getMessage());
        } catch (StoreLostException alreadySaid) {
            // logged; every operation refuses until the loss is accepted
        }
        return store;
    }

    // --- connections

    /**
     * The agent's own driver, used directly: loading pgjdbc registers it in the JVM-wide {@link java.sql.DriverManager},
     * which the host's code shares, so it is deregistered at once (the host's DriverManager would never hand it out to
     * the host's loader anyway; now the host does not even list it).
     */
    private static org.postgresql.Driver privateDriver() {
        org.postgresql.Driver d = new org.postgresql.Driver();
        try {
            if (org.postgresql.Driver.isRegistered()) {
                org.postgresql.Driver.deregister();
            }
        } catch (SQLException | RuntimeException ignored) {
            // still usable directly
        }
        return d;
    }

    private interface Sql<T> {
        T run(Connection c) throws SQLException;
    }

    /**
     * Runs one operation on a durable connection. The whole operation (waiting for a connection, the statements, and a
     * second try on a new connection when the pooled one turned out broken: a server that restarted, a reset) keeps
     * within one {@code store.operation-timeout}: the socket's timeout is cut to what is left of it. The operations are
     * safe to repeat: a claim or a transition whose first try went through is recognised by its own bytes
     * ({@link #claimOrGet}, {@link #replace}).
     */
    private <T> T call(Sql<T> work) {
        return call(durable, work);
    }

    private <T> T call(ConnectionPool<Connection> pool, Sql<T> work) {
        long deadline = System.nanoTime() + operationMillis * 1_000_000;
        try {
            return once(pool, work, deadline);
        } catch (StoreFailedException e) {
            if (!(e.getCause() instanceof SQLException) || !connectionClass((SQLException) e.getCause())) {
                throw e;
            }
            pool.discardIdle();                             // a restarted server broke them all: retry on a new one
            if (deadline - System.nanoTime() <= 0) {
                throw e;
            }
            return once(pool, work, deadline);
        }
    }

    private static boolean connectionClass(SQLException e) {
        String state = e.getSQLState();
        return state == null || state.startsWith("08") || state.startsWith("57P");
    }

    private <T> T once(ConnectionPool<Connection> pool, Sql<T> work, long deadline) {
        Connection c = pool.borrow(deadline);
        boolean broken = true;
        try {
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {                                // not the connection's fault: it goes back to the pool
                broken = false;
                throw new StoreFailedException("PostgreSQL " + StoreUrls.masked(url) + ": no answer within "
                        + operationMillis + " ms (store.operation-timeout)", null);
            }
            // Cut only when it matters: a few milliseconds over are not worth a system call on every operation.
            int timeout = (int) (left + 5 >= operationMillis ? operationMillis : left);      // never 0: no timeout
            if (c.getNetworkTimeout() != timeout) {
                c.setNetworkTimeout(null, timeout);
            }
            T out = work.run(c);
            broken = false;
            return out;
        } catch (SQLException e) {
            String state = e.getSQLState();
            if (epoch != null && ("42P01".equals(state) || "3F000".equals(state))) {
                broken = false;
                return markLost(c, null);                 // the schema this JVM worked in is gone: its data is gone
            }
            broken = state == null || state.startsWith("08") || state.startsWith("57") || closed(c);
            throw new StoreFailedException("PostgreSQL " + StoreUrls.masked(url) + ": " + e.getMessage(), e);
        } finally {
            pool.giveBack(c, broken);
        }
    }

    private static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // discarded anyway
            }
        }
    }

    private static boolean closed(Connection c) {
        try {
            return c.isClosed();
        } catch (SQLException e) {
            return true;
        }
    }

    /** A few connections, made when needed; {@code session}: the settings each new one gets first. */
    private ConnectionPool<Connection> pool(int size, Properties connectionProperties, String session) {
        return new ConnectionPool<>("PostgreSQL " + StoreUrls.masked(url), size, operationMillis,
                deadline -> connect(connectionProperties, session, deadline), PostgresIntentStore::closeQuietly);
    }

    /**
     * A new connection within what is left until {@code deadline}. pgjdbc's connect and socket timeouts count in whole
     * seconds, twice a 500 ms operation timeout; its {@code loginTimeout} takes fractions (the driver connects on a thread
     * of its own and gives up waiting for it then, closing what that thread makes later), so a call that needs a new
     * connection to a store that hangs still waits one operation timeout in all, not two.
     */
    private Connection connect(Properties connectionProperties, String session, long deadline) {
        long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
        Properties within = new Properties();
        within.putAll(connectionProperties);
        within.setProperty("loginTimeout", String.format(java.util.Locale.ROOT, "%.3f", left / 1000.0));
        Connection made = null;
        try {
            made = driver.connect(jdbcUrl, within);
            if (made == null) {
                throw new StoreFailedException("PostgreSQL " + StoreUrls.masked(url) + ": not a PostgreSQL JDBC URL", null);
            }
            made.setNetworkTimeout(null, (int) Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            made.setAutoCommit(true);
            try (Statement st = made.createStatement()) {
                st.execute(session);
            }
            return made;
        } catch (SQLException e) {
            closeQuietly(made);
            throw new StoreFailedException("PostgreSQL " + StoreUrls.masked(url) + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            closeQuietly(made);
            throw e;
        }
    }

    // --- identity and schema

    private String identity() {
        String e = epoch;
        if (e != null && !lost) {
            return e;
        }
        return call(c -> {
            String current = readEpoch(c);
            if (current == null) {
                if (epoch != null) {
                    return markLost(c, null);
                }
                current = create(c);
            }
            return adopt(c, current);
        });
    }

    private String readEpoch(Connection c) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("SELECT value FROM " + s + ".meta WHERE name = 'epoch'");
             ResultSet rs = st.executeQuery()) {
            return rs.next() ? rs.getString(1) : null;
        } catch (SQLException e) {
            if ("42P01".equals(e.getSQLState()) || "3F000".equals(e.getSQLState())) {
                return null;                                  // no such table or schema
            }
            throw e;
        }
    }

    /** Creates what the store needs, once for the whole fleet (an advisory lock orders concurrent first starts). */
    private String create(Connection c) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute("SELECT pg_advisory_lock(hashtext('intentguard:" + s + "'))");
            try {
                String existing = readEpoch(c);
                if (existing != null) {
                    return existing;
                }
                createTables(st);
                String made = "e:" + UUID.randomUUID();
                try (PreparedStatement p = c.prepareStatement("INSERT INTO " + s + ".meta VALUES ('epoch', ?) "
                        + "ON CONFLICT (name) DO NOTHING")) {
                    p.setString(1, made);
                    p.executeUpdate();
                }
                LOG.warn("intentguard created a new, empty intent store in {}: schema {} (tables meta, intents, disabled, "
                        + "journal; schema version {}, epoch {}). On a first start that is expected; if this fleet used this "
                        + "store before, its data was lost while no agent ran, and intents recorded then can run again",
                        StoreUrls.masked(url), s, SCHEMA_VERSION, made);
                return readEpoch(c);
            } finally {
                st.execute("SELECT pg_advisory_unlock(hashtext('intentguard:" + s + "'))");
            }
        }
    }

    private void createTables(Statement st) throws SQLException {
        int in = IntentStatus.IN_FLIGHT.code();
        int unknown = IntentStatus.PENDING_UNKNOWN.code();
        int escalated = IntentStatus.REQUIRES_RECONCILIATION.code();
        st.execute("CREATE SCHEMA IF NOT EXISTS " + s);
        st.execute("CREATE TABLE IF NOT EXISTS " + s + ".meta (name text PRIMARY KEY, value text NOT NULL)");
        st.execute("CREATE TABLE IF NOT EXISTS " + s + ".intents (key text PRIMARY KEY, record bytea NOT NULL, "
                + "status smallint NOT NULL, lease_owner text, lease_until timestamptz, expires_at timestamptz, "
                + "updated_at timestamptz NOT NULL)");
        st.execute("CREATE INDEX IF NOT EXISTS intents_unknown ON " + s + ".intents (status) WHERE status IN ("
                + unknown + ", " + escalated + ")");
        st.execute("CREATE INDEX IF NOT EXISTS intents_in_flight ON " + s + ".intents (lease_owner) WHERE status = " + in);
        st.execute("CREATE INDEX IF NOT EXISTS intents_expiry ON " + s + ".intents (expires_at) WHERE expires_at IS NOT NULL");
        st.execute("CREATE TABLE IF NOT EXISTS " + s + ".disabled (tool text PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())");
        st.execute("CREATE TABLE IF NOT EXISTS " + s + ".journal (id bigserial PRIMARY KEY, at bigint NOT NULL, entry text NOT NULL)");
        st.execute("CREATE INDEX IF NOT EXISTS journal_at ON " + s + ".journal (at)");
        st.execute("INSERT INTO " + s + ".meta VALUES ('schema_version', '" + SCHEMA_VERSION + "') ON CONFLICT (name) DO NOTHING");
    }

    private String adopt(Connection c, String current) throws SQLException {
        if (current == null || current.startsWith("lost:")) {
            return markLost(c, current);
        }
        if (epoch != null && !epoch.equals(current) && !current.startsWith("accepted:")) {
            return markLost(c, current);
        }
        try (PreparedStatement st = c.prepareStatement("SELECT value FROM " + s + ".meta WHERE name = 'schema_version'");
             ResultSet rs = st.executeQuery()) {
            int version = rs.next() ? Integer.parseInt(rs.getString(1)) : 0;
            if (version != SCHEMA_VERSION) {
                throw new StoreFailedException("PostgreSQL " + StoreUrls.masked(url) + ": schema " + s + " has version "
                        + version + ", this agent reads " + SCHEMA_VERSION + "; upgrade the agent or use another store.namespace", null);
            }
        }
        if (lost) {
            LOG.warn("intent store {}: the loss of its data was accepted ({}); side-effect calls are guarded again",
                    StoreUrls.masked(url), current);
        }
        lost = false;
        epoch = current;
        return current;
    }

    private <T> T markLost(Connection c, String seen) {
        String mark = "lost:" + (epoch == null ? "unknown" : epoch);
        try {
            if (readEpoch(c) == null) {
                // The schema is gone: made again with the loss marked, so that a JVM that starts now sees it too
                // instead of taking the empty schema for a new store.
                try (Statement st = c.createStatement()) {
                    createTables(st);
                }
            }
            try (PreparedStatement st = c.prepareStatement("INSERT INTO " + s + ".meta VALUES ('epoch', ?) ON CONFLICT (name) "
                    + "DO UPDATE SET value = EXCLUDED.value WHERE " + s + ".meta.value IS NOT DISTINCT FROM ? "
                    + "OR " + s + ".meta.value NOT LIKE 'accepted:%'")) {
                st.setString(1, mark);
                st.setString(2, seen);
                st.executeUpdate();
            }
        } catch (SQLException ignored) {
            // the other JVMs see the loss themselves
        }
        if (!lost) {
            lost = true;
            LOG.error("intent store {} LOST ITS DATA: the identity the agents agreed on ({}) is {}. The schema {} was "
                    + "dropped or recreated. The intents recorded before are forgotten, so their "
                    + "repeats could run again: every side-effect call answers pending_unknown and does not run. Check with "
                    + "the providers what ran, then run: java -jar intentguard-agent.jar accept-loss --store {}",
                    StoreUrls.masked(url), epoch, seen == null ? "gone" : "now " + seen, s, StoreUrls.masked(url));
        }
        throw new StoreLostException("intent store " + StoreUrls.masked(url) + " lost its data");
    }

    @Override
    public boolean checkIdentity() {
        if (epoch == null || lost) {
            try {
                identity();                                 // the first reading, or whether the loss was accepted
            } catch (StoreLostException stillLost) {
                return true;
            }
            return false;
        }
        String current = call(this::readEpoch);
        if (!epoch.equals(current)) {
            call(c -> adopt(c, current));                   // an accepted loss is adopted; anything else is a loss
        }
        return lost;
    }

    @Override
    public void acceptLoss() {
        String accepted = "accepted:" + UUID.randomUUID();
        call(c -> {
            if (readEpoch(c) == null) {
                create(c);
            }
            try (PreparedStatement st = c.prepareStatement("UPDATE " + s + ".meta SET value = ? WHERE name = 'epoch'")) {
                st.setString(1, accepted);
                st.executeUpdate();
            }
            return null;
        });
        LOG.info("intent store {}: loss accepted, new identity {}", StoreUrls.masked(url), accepted);
    }

    // --- the intents

    private static IntentRecord record(byte[] bytes, boolean leaseHeld) {
        IntentRecord r = IntentRecord.fromBytes(bytes);
        return r.status() == IntentStatus.IN_FLIGHT ? r.withLease(leaseHeld) : r;
    }

    @Override
    public IntentRecord get(String key) {
        identity();
        return call(c -> read(c, key));
    }

    private IntentRecord read(Connection c, String key) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("SELECT record, lease_until > clock_timestamp() FROM " + s
                + ".intents WHERE key = ?")) {
            st.setString(1, key);
            try (ResultSet rs = st.executeQuery()) {
                return rs.next() ? record(rs.getBytes(1), rs.getBoolean(2)) : null;
            }
        }
    }

    /** What one claim or swap found: that it is ours, or the intent's record (and the epoch it saw). */
    private static final class Claim {
        final IntentRecord there;
        final boolean ours;
        final String epochSeen;

        Claim(IntentRecord there, boolean ours, String epochSeen) {
            this.there = there;
            this.ours = ours;
            this.epochSeen = epochSeen;
        }
    }

    /**
     * Reads first: a repeat (the common case of a guarded call that does not run) costs one {@code SELECT}. Absent, the
     * claim is one {@code INSERT ... ON CONFLICT DO NOTHING}: inserted, it is ours; not inserted, someone claimed it
     * between the two statements, and it is read again. An insert that nothing explains but a changed epoch means the
     * store lost its data. The statements share one connection and one operation timeout.
     */
    @Override
    public IntentRecord claimOrGet(String key, IntentRecord record) {
        for (int round = 0; ; round++) {
            String e = identity();
            Claim claim = call(c -> {
                IntentRecord there = read(c, key);
                if (there != null) {
                    return new Claim(there, false, null);
                }
                try (PreparedStatement st = c.prepareStatement(claimSql)) {
                    boolean inFlight = record.status() == IntentStatus.IN_FLIGHT;
                    st.setString(1, key);
                    st.setBytes(2, record.bytes());
                    st.setShort(3, (short) record.status().code());
                    st.setString(4, inFlight ? owner : null);
                    st.setBoolean(5, inFlight);
                    st.setLong(6, leaseMillis);
                    st.setBoolean(7, record.status().finished());
                    st.setLong(8, Math.max(1, retentionMillis));
                    st.setString(9, e);
                    if (st.executeUpdate() == 1) {
                        return new Claim(null, true, null);
                    }
                }
                there = read(c, key);                       // claimed meanwhile by someone else
                return there != null ? new Claim(there, false, null) : new Claim(null, false, readEpoch(c));
            });
            if (claim.ours) {
                return null;
            }
            if (claim.there != null) {
                return java.util.Arrays.equals(claim.there.bytes(), record.bytes()) ? null : claim.there;  // ours, answer lost
            }
            String now = claim.epochSeen;                   // nothing inserted and nothing there: the epoch changed
            if (!e.equals(now)) {
                if (round > 0 || now == null || !now.startsWith("accepted:")) {
                    call(c -> markLost(c, now));
                }
                call(c -> adopt(c, now));
            }
        }
    }

    @Override
    public boolean replace(String key, IntentRecord expected, IntentRecord next) {
        String e = identity();
        IntentStatus status = next.status();
        boolean inFlight = status == IntentStatus.IN_FLIGHT;
        Claim swap = call(inFlight ? durable : relaxed, c -> {
            try (PreparedStatement st = c.prepareStatement(replaceSql)) {
                st.setBytes(1, next.bytes());
                st.setShort(2, (short) status.code());
                st.setString(3, inFlight ? owner : null);
                st.setBoolean(4, inFlight);
                st.setLong(5, leaseMillis);
                st.setBoolean(6, status.finished());
                st.setLong(7, Math.max(1, retentionMillis));
                st.setString(8, key);
                st.setBytes(9, expected.bytes());
                st.setString(10, e);
                if (st.executeUpdate() == 1) {
                    return new Claim(null, true, null);
                }
            }
            return new Claim(read(c, key), false, readEpoch(c));   // what is there, on the same connection
        });
        if (swap.ours) {
            return true;
        }
        if (!e.equals(swap.epochSeen)) {
            if (swap.epochSeen != null && swap.epochSeen.startsWith("accepted:")) {
                call(c -> adopt(c, swap.epochSeen));        // the loss was accepted meanwhile: that record is gone
                return false;
            }
            call(c -> markLost(c, swap.epochSeen));
        }
        // our own transition, whose answer a broken connection lost?
        return swap.there != null && java.util.Arrays.equals(swap.there.bytes(), next.bytes());
    }

    @Override
    public boolean remove(String key, IntentRecord expected) {
        identity();
        return call(c -> {
            try (PreparedStatement st = c.prepareStatement("DELETE FROM " + s + ".intents WHERE key = ? AND record = ?")) {
                st.setString(1, key);
                st.setBytes(2, expected.bytes());
                return st.executeUpdate() == 1;
            }
        });
    }

    @Override
    public Lease hold(String key) {
        return leases.hold(key);
    }

    private void renew(List<String> keys) {
        call(c -> {                                        // the durable pool: never queued behind outcomes and journal
            try (PreparedStatement st = c.prepareStatement("UPDATE " + s + ".intents SET lease_until = clock_timestamp() + ? "
                    + "* interval '1 millisecond' WHERE key = ANY(?) AND lease_owner = ? AND status = "
                    + IntentStatus.IN_FLIGHT.code())) {
                Array array = c.createArrayOf("text", keys.toArray());
                st.setLong(1, leaseMillis);
                st.setArray(2, array);
                st.setString(3, owner);
                return st.executeUpdate();
            }
        });
    }

    @Override
    public void forEach(BiConsumer<String, IntentRecord> action) {
        scan("", action);
    }

    @Override
    public void forEachUnknown(BiConsumer<String, IntentRecord> action) {
        scan(" WHERE status IN (" + IntentStatus.PENDING_UNKNOWN.code() + ", " + IntentStatus.REQUIRES_RECONCILIATION.code() + ")",
                action);
    }

    private void scan(String where, BiConsumer<String, IntentRecord> action) {
        identity();
        List<Object[]> rows = call(c -> {
            List<Object[]> out = new ArrayList<>();
            try (PreparedStatement st = c.prepareStatement("SELECT key, record, lease_until > clock_timestamp() FROM " + s
                    + ".intents" + where + " ORDER BY updated_at");
                 ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    out.add(new Object[] {rs.getString(1), rs.getBytes(2), rs.getBoolean(3)});
                }
            }
            return out;
        });
        for (Object[] r : rows) {
            action.accept((String) r[0], record((byte[]) r[1], (Boolean) r[2]));
        }
    }

    @Override
    public long size() {
        identity();
        return call(c -> {
            try (PreparedStatement st = c.prepareStatement("SELECT count(*) FROM " + s + ".intents");
                 ResultSet rs = st.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    // --- the fleet

    @Override
    public Set<String> disabledTools() {
        return call(c -> {
            Set<String> out = new HashSet<>();
            try (PreparedStatement st = c.prepareStatement("SELECT tool FROM " + s + ".disabled");
                 ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            } catch (SQLException e) {
                if (!"42P01".equals(e.getSQLState()) && !"3F000".equals(e.getSQLState())) {
                    throw e;
                }
            }
            return out;
        });
    }

    @Override
    public void setDisabled(String tool, boolean disabled) {
        identity();
        call(c -> {
            try (PreparedStatement st = c.prepareStatement(disabled
                    ? "INSERT INTO " + s + ".disabled (tool) VALUES (?) ON CONFLICT (tool) DO NOTHING"
                    : "DELETE FROM " + s + ".disabled WHERE tool = ?")) {
                st.setString(1, tool);
                return st.executeUpdate();
            }
        });
    }

    @Override
    public void appendJournal(List<String> lines) {
        if (lines.isEmpty()) {
            return;
        }
        // The audit, not the guarantee: no WAL flush of its own. Not tried again: a batch whose answer a broken
        // connection lost may have been written, and twice would read as repeats in the report.
        once(relaxed, c -> {
            try (PreparedStatement st = c.prepareStatement("INSERT INTO " + s + ".journal (at, entry) VALUES (?, ?)")) {
                long now = System.currentTimeMillis();
                for (String line : lines) {
                    st.setLong(1, now);
                    st.setString(2, line);
                    st.addBatch();
                }
                st.executeBatch();
            }
            return null;
        }, System.nanoTime() + operationMillis * 1_000_000);
    }

    @Override
    public List<String> readJournal(long sinceMillis) {
        identity();
        return call(c -> {
            List<String> out = new ArrayList<>();
            try (PreparedStatement st = c.prepareStatement("SELECT entry FROM " + s + ".journal WHERE at >= ? ORDER BY id")) {
                st.setLong(1, sinceMillis);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        out.add(rs.getString(1));
                    }
                }
            }
            return out;
        });
    }

    @Override
    public int sweepFinished(long cutoffMillis) {
        identity();
        int removed = 0;
        for (int batch = 0; batch < 100; batch++) {
            int n = call(c -> {
                try (PreparedStatement st = c.prepareStatement("DELETE FROM " + s + ".intents WHERE key IN (SELECT key FROM "
                        + s + ".intents WHERE expires_at < clock_timestamp() LIMIT 1000)")) {
                    return st.executeUpdate();
                }
            });
            removed += n;
            if (n < 1000) {
                break;
            }
        }
        long keep = Math.min(cutoffMillis, System.currentTimeMillis() - JOURNAL_DAYS * 86_400_000L);
        call(c -> {
            try (PreparedStatement st = c.prepareStatement("DELETE FROM " + s + ".journal WHERE at < ?")) {
                st.setLong(1, keep);
                return st.executeUpdate();
            }
        });
        return removed;
    }

    @Override
    public String describe() {
        return StoreUrls.masked(url) + " (schema " + s + ")";
    }

    @Override
    public void close() {
        leases.close();
        durable.discardIdle();
        relaxed.discardIdle();
    }

    @Override
    public String toString() {
        return describe() + (lost ? " (lost its data)" : "");
    }
}
