import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.Connection;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Protocol;

/** Jedis as the agent uses it: one connection, RESP2 without HELLO. */
public class JedisPing {
    public static void main(String[] a) {
        long t0 = Long.parseLong(a[0]);
        try (Connection c = new Connection(new HostAndPort("127.0.0.1", 6379),
                DefaultJedisClientConfig.builder().autoNegotiateProtocol(false).build())) {
            c.executeCommand(new CommandArguments(Protocol.Command.PING));
            c.executeCommand(new CommandArguments(Protocol.Command.EVAL).add("return 1").add(0));
        }
        System.out.println(System.currentTimeMillis() - t0);
    }
}
