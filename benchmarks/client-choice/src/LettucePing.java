/** Lettuce's synchronous API on one connection. */
public class LettucePing {
    public static void main(String[] a) {
        long t0 = Long.parseLong(a[0]);
        io.lettuce.core.RedisClient c = io.lettuce.core.RedisClient.create("redis://127.0.0.1:6379");
        try (io.lettuce.core.api.StatefulRedisConnection<String, String> conn = c.connect()) {
            conn.sync().ping();
            conn.sync().eval("return 1", io.lettuce.core.ScriptOutputType.INTEGER);
        }
        c.shutdown();
        System.out.println(System.currentTimeMillis() - t0);
    }
}
