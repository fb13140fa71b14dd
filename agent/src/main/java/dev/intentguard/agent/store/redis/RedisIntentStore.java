package dev.intentguard.agent.store.redis;

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
import redis.clients.jedis.ClientSetInfoConfig;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.CommandObjects;
import redis.clients.jedis.Connection;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.RedisProtocol;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.exceptions.JedisNoScriptException;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.params.SetParams;
import redis.clients.jedis.params.XAddParams;
import redis.clients.jedis.params.XTrimParams;
import redis.clients.jedis.resps.ScanResult;
import redis.clients.jedis.resps.StreamEntry;
import redis.clients.jedis.util.SafeEncoder;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * The intents in Redis, shared by every JVM of a fleet. Under the namespace {@code ns}:
 * <ul>
 *   <li>{@code ns:i:<intent key>}: the record (the same bytes as the file store's); finished ones expire after
 *       {@code store.retention} (a TTL), unknown and in-flight ones never;</li>
 *   <li>{@code ns:l:<intent key>}: the lease of an in-flight record: the owner JVM's instance, with a TTL of
 *       {@code store.lease} on Redis's clock, renewed by the owner while its call runs;</li>
 *   <li>{@code ns:unknown}: the set of intents whose outcome is unknown (the reconciler's index);</li>
 *   <li>{@code ns:schema}: the layout's version; {@code ns:epoch}: the store's identity; {@code ns:disabled}: the fleet's kill switch; {@code ns:journal}: the
 *       audit journal (a stream).</li>
 * </ul>
 * The claim and every transition run as Lua scripts (atomic in the server): a claim stores the record only where none
 * is and returns the one there otherwise, in one round trip; a transition swaps the record only if it is still the
 * bytes the caller read, so it is conditional on the claimant's own record (its instance and attempt are in it). Each
 * script first checks the epoch: a store that lost its data is refused loudly instead of read as empty. No lock is
 * held across a tool's body. One Redis at one address; Redis Cluster is not supported (the scripts touch the epoch
 * and index keys beside the record), nor Sentinel discovery.
 */
public final class RedisIntentStore implements FleetStore {
    private static final Logger LOG = AgentLoggers.named("intentguard");
    private static final long JOURNAL_MAX_ENTRIES = 200_000;
    /** The layout of the keys below and of the record bytes; {@code ns:schema} holds it, checked at the first operation. */
    static final String SCHEMA_VERSION = "1";
    private static final int POOL = 32;
    /** The journal keeps this many days at least (the report's window), whatever the intents' retention. */
    private static final long JOURNAL_DAYS = 7;

    /**
     * KEYS: record, lease, epoch, unknown. ARGV: record, epoch, owner, lease ms, kind of record (i in flight, u unknown,
     * f finished: an audited call's outcome), ttl ms (0: none), intent key. {1} stored; {0, record, lease-or-false};
     * {-1, epoch}.
     */
    private static final String CLAIM = String.join("\n",
            "local e = redis.call('GET', KEYS[3])",
            "if e ~= ARGV[2] then return {-1, e or false} end",
            "local cur = redis.call('GET', KEYS[1])",
            "if cur then return {0, cur, redis.call('GET', KEYS[2]) or false} end",
            "if ARGV[6] ~= '0' then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[6]) else redis.call('SET', KEYS[1], ARGV[1]) end",
            "if ARGV[5] == 'i' then redis.call('SET', KEYS[2], ARGV[3], 'PX', ARGV[4]) end",
            "if ARGV[5] == 'u' then redis.call('SADD', KEYS[4], ARGV[7]) end",
            "return {1}");
    /**
     * KEYS: record, lease, epoch, unknown. ARGV: expected, next, epoch, owner, lease ms, ttl ms (0: none), kind of next
     * (i in flight, u unknown, f finished), intent key. {1} swapped; {0, record-or-false} the record changed (to this);
     * {-1, epoch}.
     */
    private static final String REPLACE = String.join("\n",
            "local e = redis.call('GET', KEYS[3])",
            "if e ~= ARGV[3] then return {-1, e or false} end",
            "local cur = redis.call('GET', KEYS[1])",
            "if cur ~= ARGV[1] then return {0, cur or false} end",
            "if ARGV[6] ~= '0' then redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[6]) else redis.call('SET', KEYS[1], ARGV[2]) end",
            "if ARGV[7] == 'i' then redis.call('SET', KEYS[2], ARGV[4], 'PX', ARGV[5]) else redis.call('DEL', KEYS[2]) end",
            "if ARGV[7] == 'u' then redis.call('SADD', KEYS[4], ARGV[8]) else redis.call('SREM', KEYS[4], ARGV[8]) end",
            "return {1}");
    /** KEYS: record, lease, unknown. ARGV: expected, intent key. 1 removed, 0 changed. */
    private static final String REMOVE = String.join("\n",
            "if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end",
            "redis.call('DEL', KEYS[1], KEYS[2])",
            "redis.call('SREM', KEYS[3], ARGV[2])",
            "return 1");
    /** KEYS: leases. ARGV: owner, lease ms. Renews the ones this owner still holds. */
    private static final String RENEW = String.join("\n",
            "for i, k in ipairs(KEYS) do",
            "  if redis.call('GET', k) == ARGV[1] then redis.call('PEXPIRE', k, ARGV[2]) end",
            "end",
            "return 1");
    /** KEYS: epoch. ARGV: expected current (or ''), replacement. Sets the epoch if it is still the one expected. */
    private static final String SWAP_EPOCH = String.join("\n",
            "local e = redis.call('GET', KEYS[1]) or ''",
            "if e ~= ARGV[1] then return 0 end",
            "redis.call('SET', KEYS[1], ARGV[2])",
            "return 1");

    private final String url;
    private final String ns;
    private final HostAndPort address;
    /** The client settings with a given timeout (milliseconds): a new connection gets what is left of an operation's. */
    private final IntFunction<JedisClientConfig> config;
    private final CommandObjects commands = new CommandObjects(RedisProtocol.RESP2);
    /** Connections made when needed, each used by one operation at a time. */
    private final ConnectionPool<Connection> pool;
    private final long operationNanos;
    private final int socketMillis;
    private final long leaseMillis;
    private final long retentionMillis;
    private final LeaseKeeper leases;
    private final String owner;
    private final Map<String, byte[]> shas = new java.util.concurrent.ConcurrentHashMap<>();
    private final byte[] epochKey;
    private final byte[] unknownKey;
    private volatile String epoch;
    private volatile boolean lost;
    private volatile boolean closed;
    /** Why the server cannot keep intents (it may evict them), or {@code null}. */
    private volatile String evicting;
    private volatile boolean evictionUnknownSaid;
    /** The fleet's poller reads the identity every second; the eviction policy every {@value #EVICTION_CHECK_EVERY}th. */
    private static final int EVICTION_CHECK_EVERY = 60;
    private int identityChecks;

    private RedisIntentStore(String url, String namespace, HostAndPort address, IntFunction<JedisClientConfig> config,
                             Duration operationTimeout, Duration lease, Duration retention, String owner) {
        this.url = url;
        this.ns = namespace;
        this.address = address;
        this.config = config;
        this.operationNanos = operationTimeout.toNanos();
        this.socketMillis = (int) Math.max(1, operationTimeout.toMillis());
        this.pool = new ConnectionPool<>("Redis " + StoreUrls.masked(url), POOL, socketMillis, this::connect,
                RedisIntentStore::closeQuietly);
        this.leaseMillis = lease.toMillis();
        this.retentionMillis = retention.toMillis();
        this.owner = owner;
        this.epochKey = bytes(ns + ":epoch");
        this.unknownKey = bytes(ns + ":unknown");
        this.leases = new LeaseKeeper(lease, this::renew);
    }

    /**
     * Connects to the Redis of {@code url} (the password from the URL, else {@code INTENTGUARD_STORE_PASSWORD}). A server
     * that is not there yet is no failure: connections are made as calls need them, and the store reads its identity at
     * the first operation that reaches the server.
     */
    public static RedisIntentStore open(String url, String namespace, Duration operationTimeout, Duration lease,
                                        Duration retention, String owner, Supplier<String> environmentPassword)
            throws StoreUnavailableException {
        URI uri = URI.create(url);
        String user = null;
        String password = null;
        if (uri.getRawUserInfo() != null) {
            String info = URLDecoder.decode(uri.getRawUserInfo(), StandardCharsets.UTF_8);
            int colon = info.indexOf(':');
            if (colon < 0) {
                password = info;
            } else {
                user = info.substring(0, colon).isEmpty() ? null : info.substring(0, colon);
                password = info.substring(colon + 1);
            }
        }
        if (password == null || password.isEmpty()) {
            password = environmentPassword.get();
        }
        int database = 0;
        String path = uri.getPath();
        if (path != null && path.length() > 1) {
            try {
                database = Integer.parseInt(path.substring(1));
            } catch (NumberFormatException e) {
                throw new StoreUnavailableException("store.url " + StoreUrls.masked(url) + ": \"" + path.substring(1)
                        + "\" is not a Redis database number; write redis://host:6379/0", e);
            }
        }
        int db = database;
        String u = user;
        String pw = password;
        boolean tls = "rediss".equalsIgnoreCase(uri.getScheme());
        // RESP2 without HELLO (no protocol negotiation): one round trip less per connection, and any Redis version.
        IntFunction<JedisClientConfig> config = timeout -> {
            DefaultJedisClientConfig.Builder b = DefaultJedisClientConfig.builder()
                    .socketTimeoutMillis(timeout).connectionTimeoutMillis(timeout).autoNegotiateProtocol(false)
                    .database(db).clientName("intentguard").ssl(tls).clientSetInfoConfig(ClientSetInfoConfig.DISABLED);
            if (u != null) {
                b.user(u);
            }
            if (pw != null && !pw.isEmpty()) {
                b.password(pw);
            }
            return b.build();
        };
        int port = uri.getPort() > 0 ? uri.getPort() : 6379;
        RedisIntentStore store = new RedisIntentStore(url, namespace, new HostAndPort(uri.getHost(), port), config,
                operationTimeout, lease, retention, owner);
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

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private byte[] recordKey(String key) {
        return bytes(ns + ":i:" + key);
    }

    private byte[] leaseKey(String key) {
        return bytes(ns + ":l:" + key);
    }

    // --- identity

    /** The epoch this JVM works under: read, or made for a new store; throws when the store lost its data. */
    private String identity() {
        if (closed) {
            throw new StoreFailedException("Redis " + StoreUrls.masked(url) + ": the store is closed", null);
        }
        String unsafe = evicting;
        if (unsafe != null) {
            throw new StoreFailedException(unsafe, null);
        }
        String e = epoch;
        if (e != null && !lost) {
            return e;
        }
        return timed(c -> {
            checkEviction(c);
            String version = c.executeCommand(commands.get(ns + ":schema"));
            if (version == null) {
                c.executeCommand(commands.set(ns + ":schema", SCHEMA_VERSION, SetParams.setParams().nx()));
            } else if (!SCHEMA_VERSION.equals(version)) {
                throw new StoreFailedException("Redis " + StoreUrls.masked(url) + ": the keys " + ns + ":* have schema "
                        + "version " + version + ", this agent reads " + SCHEMA_VERSION
                        + "; upgrade the agent or use another store.namespace", null);
            }
            String current = c.executeCommand(commands.get(ns + ":epoch"));
            if (current == null) {
                if (epoch != null) {
                    return markLost(null);                    // we knew it, and it is gone: the data is gone
                }
                String made = "e:" + UUID.randomUUID();
                if ("OK".equals(c.executeCommand(commands.set(ns + ":epoch", made, SetParams.setParams().nx())))) {
                    LOG.warn("intentguard created a new, empty intent store in {} (namespace {}: keys {}:*, schema version "
                            + "{}, epoch {}). On a first start that is expected; if this fleet used this store before, its "
                            + "data was lost while no agent ran, and intents recorded then can run again",
                            StoreUrls.masked(url), ns, ns, SCHEMA_VERSION, made);
                    current = made;
                } else {
                    current = c.executeCommand(commands.get(ns + ":epoch"));
                }
            }
            return adopt(current);
        });
    }

    /**
     * A Redis that may evict keys (a {@code maxmemory} with any policy but {@code noeviction}) can drop a DONE record
     * (finished ones carry a TTL: the first a {@code volatile-*} policy takes) or an unknown one, and the repeat would
     * run again: it is no intent store. Checked at the first operation and every minute after.
     */
    private void checkEviction(Connection c) {
        String info;
        try {
            info = SafeEncoder.encode((byte[]) c.executeCommand(new CommandArguments(Protocol.Command.INFO).add("memory")));
        } catch (JedisDataException refused) {                 // INFO renamed or not allowed (some managed services)
            if (!evictionUnknownSaid) {
                evictionUnknownSaid = true;
                LOG.warn("intent store {}: cannot read its maxmemory-policy ({}); make sure it is noeviction (or maxmemory 0): "
                        + "an evicted record lets its intent run again", StoreUrls.masked(url), refused.getMessage());
            }
            return;
        }
        String maxmemory = infoField(info, "maxmemory");
        String policy = infoField(info, "maxmemory_policy");
        boolean evicts = maxmemory != null && !"0".equals(maxmemory) && policy != null && !"noeviction".equals(policy);
        String was = evicting;
        evicting = evicts ? "Redis " + StoreUrls.masked(url) + " may evict keys (maxmemory " + maxmemory + ", maxmemory-policy "
                + policy + "): an evicted record would let its intent run again. Set maxmemory-policy noeviction (or "
                + "maxmemory 0) on it" : null;
        if (evicts && was == null) {
            LOG.error("intent store {}: side-effect calls follow on-error until it is fixed", evicting);
        } else if (!evicts && was != null) {
            LOG.warn("intent store {}: maxmemory-policy is {} now; side-effect calls are guarded again", StoreUrls.masked(url),
                    policy);
        }
    }

    private static String infoField(String info, String name) {
        for (String line : info.split("\r?\n")) {
            if (line.startsWith(name + ":")) {
                return line.substring(name.length() + 1).trim();
            }
        }
        return null;
    }

    private String adopt(String current) {
        if (current == null || current.startsWith("lost:")) {
            return markLost(current);
        }
        if (epoch != null && !epoch.equals(current) && !current.startsWith("accepted:")) {
            // Another JVM made a new identity on an emptied store; the intents this JVM knew of are gone.
            return markLost(current);
        }
        if (lost) {
            LOG.warn("intent store {}: the loss of its data was accepted ({}); side-effect calls are guarded again",
                    StoreUrls.masked(url), current);
        }
        lost = false;
        epoch = current;
        return current;
    }

    private String markLost(String seen) {
        String mark = "lost:" + (epoch == null ? "unknown" : epoch);
        try {
            eval(SWAP_EPOCH, List.of(epochKey), List.of(bytes(seen == null ? "" : seen), bytes(mark)));
        } catch (RuntimeException ignored) {
            // the other JVMs see the loss themselves
        }
        if (!lost) {
            lost = true;
            LOG.error("intent store {} LOST ITS DATA: the identity the agents agreed on ({}) is {}. Redis restarted without "
                    + "persistence, was flushed, or failed over to a replica that missed writes. The intents recorded before "
                    + "are forgotten, so their repeats could run again: every side-effect call answers pending_unknown and "
                    + "does not run. Check with the providers what ran, then run: java -jar intentguard-agent.jar accept-loss "
                    + "--store {}", StoreUrls.masked(url), epoch, seen == null ? "gone" : "now " + seen,
                    StoreUrls.masked(url));
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
        String current = timed(c -> {
            if (++identityChecks % EVICTION_CHECK_EVERY == 0) {
                checkEviction(c);
            }
            return c.executeCommand(commands.get(ns + ":epoch"));
        });
        if (!epoch.equals(current)) {
            adopt(current);                                 // an accepted loss is adopted; anything else is a loss
        }
        return lost;
    }

    @Override
    public void acceptLoss() {
        String accepted = "accepted:" + UUID.randomUUID();
        timed(c -> c.executeCommand(commands.set(ns + ":epoch", accepted)));
        LOG.info("intent store {}: loss accepted, new identity {}", StoreUrls.masked(url), accepted);
    }

    // --- the intents

    @Override
    public IntentRecord get(String key) {
        identity();
        List<?> both = (List<?>) timed(c -> c.executeCommand(new CommandArguments(Protocol.Command.MGET)
                .key(recordKey(key)).key(leaseKey(key))));
        return record((byte[]) both.get(0), (byte[]) both.get(1));
    }

    private static IntentRecord record(byte[] bytes, byte[] lease) {
        if (bytes == null) {
            return null;
        }
        IntentRecord r = IntentRecord.fromBytes(bytes);
        return r.status() == IntentStatus.IN_FLIGHT ? r.withLease(lease != null) : r;
    }

    @Override
    public IntentRecord claimOrGet(String key, IntentRecord record) {
        for (int round = 0; ; round++) {
            String e = identity();
            List<?> out = (List<?>) eval(CLAIM, List.of(recordKey(key), leaseKey(key), epochKey, unknownKey),
                    List.of(record.bytes(), bytes(e), bytes(owner), bytes(Long.toString(leaseMillis)), kind(record),
                            bytes(Long.toString(ttl(record))), bytes(key)));
            long code = (Long) out.get(0);
            if (code == 1) {
                return null;
            }
            if (code == 0) {
                if (Arrays.equals((byte[]) out.get(1), record.bytes())) {
                    return null;                            // our own claim, whose answer a broken connection lost
                }
                return record((byte[]) out.get(1), out.get(2) instanceof byte[] ? (byte[]) out.get(2) : null);
            }
            epochChanged(out, round);
        }
    }

    @Override
    public boolean replace(String key, IntentRecord expected, IntentRecord next) {
        for (int round = 0; ; round++) {
            String e = identity();
            List<?> out = (List<?>) eval(REPLACE, List.of(recordKey(key), leaseKey(key), epochKey, unknownKey),
                    List.of(expected.bytes(), next.bytes(), bytes(e), bytes(owner), bytes(Long.toString(leaseMillis)),
                            bytes(Long.toString(ttl(next))), kind(next), bytes(key)));
            long code = (Long) out.get(0);
            if (code == 0) {                                // our own transition, whose answer a broken connection lost?
                return out.size() > 1 && out.get(1) instanceof byte[] && Arrays.equals((byte[]) out.get(1), next.bytes());
            }
            if (code == 1) {
                return true;
            }
            epochChanged(out, round);
        }
    }

    /** How the scripts file a record: {@code i} in flight (a lease), {@code u} unknown (the index), {@code f} finished. */
    private static byte[] kind(IntentRecord r) {
        return bytes(r.status() == IntentStatus.IN_FLIGHT ? "i" : r.unknown() ? "u" : "f");
    }

    /** A finished record expires after the retention; the others never do. */
    private long ttl(IntentRecord r) {
        return r.status().finished() ? Math.max(1, retentionMillis) : 0;
    }

    /** A script saw another epoch: an accepted loss is adopted and the operation runs again; anything else is a loss. */
    private void epochChanged(List<?> out, int round) {
        String seen = out.size() > 1 && out.get(1) instanceof byte[] ? new String((byte[]) out.get(1), StandardCharsets.UTF_8) : null;
        if (round > 0 || seen == null || !seen.startsWith("accepted:")) {
            markLost(seen);
        }
        adopt(seen);
    }

    @Override
    public boolean remove(String key, IntentRecord expected) {
        identity();
        Object out = eval(REMOVE, List.of(recordKey(key), leaseKey(key), unknownKey), List.of(expected.bytes(), bytes(key)));
        return Long.valueOf(1).equals(out);
    }

    @Override
    public Lease hold(String key) {
        return leases.hold(key);
    }

    private void renew(List<String> keys) {
        List<byte[]> leaseKeys = new ArrayList<>(keys.size());
        for (String k : keys) {
            leaseKeys.add(leaseKey(k));
        }
        eval(RENEW, leaseKeys, List.of(bytes(owner), bytes(Long.toString(leaseMillis))));
    }

    @Override
    public void forEach(BiConsumer<String, IntentRecord> action) {
        String prefix = ns + ":i:";
        String cursor = ScanParams.SCAN_POINTER_START;
        ScanParams params = new ScanParams().match(prefix + "*").count(500);
        do {
            String c = cursor;
            ScanResult<String> page = timed(conn -> conn.executeCommand(commands.scan(c, params)));
            visit(page.getResult(), prefix, action);
            cursor = page.getCursor();
        } while (!ScanParams.SCAN_POINTER_START.equals(cursor));
    }

    @Override
    public void forEachUnknown(BiConsumer<String, IntentRecord> action) {
        List<String> keys = new ArrayList<>(timed(c -> c.executeCommand(commands.smembers(ns + ":unknown"))));
        List<String> recordKeys = new ArrayList<>(keys.size());
        for (String k : keys) {
            recordKeys.add(ns + ":i:" + k);
        }
        visit(recordKeys, ns + ":i:", action);
    }

    private void visit(List<String> recordKeys, String prefix, BiConsumer<String, IntentRecord> action) {
        for (int from = 0; from < recordKeys.size(); from += 200) {
            List<String> batch = recordKeys.subList(from, Math.min(recordKeys.size(), from + 200));
            byte[][] keys = new byte[batch.size() * 2][];
            for (int i = 0; i < batch.size(); i++) {
                String intent = batch.get(i).substring(prefix.length());
                keys[2 * i] = recordKey(intent);
                keys[2 * i + 1] = leaseKey(intent);
            }
            List<byte[]> values = timed(c -> c.executeCommand(commands.mget(keys)));
            for (int i = 0; i < batch.size(); i++) {
                IntentRecord r = record(values.get(2 * i), values.get(2 * i + 1));
                if (r != null) {
                    action.accept(batch.get(i).substring(prefix.length()), r);
                }
            }
        }
    }

    @Override
    public long size() {
        long[] n = {0};
        forEach((k, r) -> n[0]++);
        return n[0];
    }

    // --- the fleet

    @Override
    public Set<String> disabledTools() {
        return new HashSet<>(timed(c -> c.executeCommand(commands.smembers(ns + ":disabled"))));
    }

    @Override
    public void setDisabled(String tool, boolean disabled) {
        timed(c -> c.executeCommand(disabled ? commands.sadd(ns + ":disabled", tool) : commands.srem(ns + ":disabled", tool)));
    }

    @Override
    public void appendJournal(List<String> lines) {
        if (lines.isEmpty()) {
            return;
        }
        // Not tried again: a batch whose answer a broken connection lost may have been written, and twice would read
        // as repeats in the report. A lost batch is counted as dropped.
        timedOnce(c -> {
            try (Pipeline p = new Pipeline(c, false)) {
                XAddParams params = XAddParams.xAddParams().maxLen(JOURNAL_MAX_ENTRIES).approximateTrimming();
                for (String line : lines) {
                    p.xadd(ns + ":journal", params, Map.of("e", line));
                }
                p.sync();
            }
            return null;
        });
    }

    @Override
    public List<String> readJournal(long sinceMillis) {
        List<String> out = new ArrayList<>();
        StreamEntryID from = new StreamEntryID(Math.max(0, sinceMillis), 0);
        StreamEntryID end = StreamEntryID.MAXIMUM_ID;
        while (true) {
            StreamEntryID start = from;
            List<StreamEntry> page = timed(c -> c.executeCommand(commands.xrange(ns + ":journal", start, end, 1000)));
            for (StreamEntry e : page) {
                String line = e.getFields().get("e");
                if (line != null) {
                    out.add(line);
                }
            }
            if (page.size() < 1000) {
                return out;
            }
            StreamEntryID last = page.get(page.size() - 1).getID();
            from = new StreamEntryID(last.getTime(), last.getSequence() + 1);
        }
    }

    @Override
    public int sweepFinished(long cutoffMillis) {
        // Finished intents expire by their TTL; the journal is a stream capped at JOURNAL_MAX_ENTRIES, and keeps at
        // least JOURNAL_DAYS of them.
        long keep = Math.min(cutoffMillis, System.currentTimeMillis() - JOURNAL_DAYS * 86_400_000L);
        timed(c -> c.executeCommand(commands.xtrim(ns + ":journal",
                XTrimParams.xTrimParams().minId(keep + "-0").approximateTrimming())));
        return 0;
    }

    @Override
    public String describe() {
        return StoreUrls.masked(url) + " (namespace " + ns + ")";
    }

    @Override
    public void close() {
        closed = true;
        leases.close();
        try {
            pool.discardIdle();
        } catch (RuntimeException ignored) {
            // closing anyway
        }
    }

    // --- plumbing

    private Object eval(String script, List<byte[]> keys, List<byte[]> args) {
        return timed(c -> evalOn(c, script, keys, args));
    }

    private Object evalOn(Connection c, String script, List<byte[]> keys, List<byte[]> args) {
        byte[] sha = shas.get(script);
        if (sha == null) {
            sha = load(c, script);
        }
        try {
            return c.executeCommand(evalsha(sha, keys, args));
        } catch (JedisNoScriptException restarted) {
            // The server lost its script cache (a restart, a failover): load it again.
            return c.executeCommand(evalsha(load(c, script), keys, args));
        }
    }

    private byte[] load(Connection c, String script) {
        byte[] sha = (byte[]) c.executeCommand(new CommandArguments(Protocol.Command.SCRIPT).add("LOAD").add(bytes(script)));
        shas.put(script, sha);
        return sha;
    }

    private static CommandArguments evalsha(byte[] sha, List<byte[]> keys, List<byte[]> args) {
        CommandArguments a = new CommandArguments(Protocol.Command.EVALSHA).add(sha).add(keys.size());
        for (byte[] k : keys) {
            a.key(k);
        }
        for (byte[] v : args) {
            a.add(v);
        }
        return a;
    }

    /**
     * One operation, within one {@code store.operation-timeout}: waiting for a connection (or making one), the round
     * trips, and a second try on a new connection when the pooled one turned out broken (a server that restarted, a
     * reset); the socket's timeout is cut to what is left. The operations are safe to repeat: a claim or a transition
     * whose first try went through is recognised by its own bytes ({@link #claimOrGet}, {@link #replace}).
     */
    private <T> T timed(Function<Connection, T> operation) {
        long deadline = System.nanoTime() + operationNanos;
        try {
            return within(deadline, operation);
        } catch (JedisConnectionException broken) {
            pool.discardIdle();                                  // a restarted server broke them all: retry on a new one
            if (deadline - System.nanoTime() <= 0) {
                throw failed(broken);
            }
            try {
                return within(deadline, operation);
            } catch (JedisException e) {
                throw failed(e);
            }
        } catch (JedisException e) {
            throw failed(e);
        }
    }

    private <T> T timedOnce(Function<Connection, T> operation) {
        try {
            return within(System.nanoTime() + operationNanos, operation);
        } catch (JedisConnectionException broken) {
            pool.discardIdle();
            throw failed(broken);
        } catch (JedisException e) {
            throw failed(e);
        }
    }

    private <T> T within(long deadline, Function<Connection, T> operation) {
        Connection c = pool.borrow(deadline);
        try {
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {                                // not the connection's fault: it goes back to the pool
                throw new StoreFailedException("Redis " + StoreUrls.masked(url) + ": no answer within "
                        + socketMillis + " ms (store.operation-timeout)", null);
            }
            // Cut only when it matters: a few milliseconds over are not worth a system call on every operation.
            int timeout = left + 5 >= socketMillis ? socketMillis : (int) left;
            if (c.getSoTimeout() != timeout) {
                c.setSoTimeout(timeout);
            }
            return operation.apply(c);
        } finally {
            pool.giveBack(c, c.isBroken());
        }
    }

    /** Connects, authenticates and selects the database within what is left until {@code deadline}. */
    private Connection connect(long deadline) {
        int left = (int) Math.max(1, Math.min(socketMillis, (deadline - System.nanoTime()) / 1_000_000));
        return new Connection(address, config.apply(left));
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (RuntimeException ignored) {
            // discarded anyway
        }
    }

    private StoreFailedException failed(JedisException e) {
        return new StoreFailedException("Redis " + StoreUrls.masked(url) + ": " + e.getMessage(), e);
    }

    @Override
    public String toString() {
        return describe() + (lost ? " (lost its data)" : "");
    }
}
