package dev.intentguard.it.app;

import redis.clients.jedis.Jedis;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.Collections;

/**
 * A host that brings its own (older) Jedis and PostgreSQL driver, uses them, and calls a guarded tool while the agent
 * keeps its intents in a shared store. It prints which versions it got and which JDBC drivers it sees.
 */
public final class HostStoreLibsApp {
    private HostStoreLibsApp() {
    }

    public static void main(String[] args) throws Exception {
        try (Jedis jedis = new Jedis("127.0.0.1", 6379)) {
            jedis.set("host-app:" + ProcessHandle.current().pid(), "mine");
            System.out.println("JEDIS " + Jedis.class.getProtectionDomain().getCodeSource().getLocation() + " "
                    + jedis.get("host-app:" + ProcessHandle.current().pid()));
            jedis.del("host-app:" + ProcessHandle.current().pid());
        }
        SupportTools tools = new SupportTools();
        System.out.println("RESULT " + tools.refundOrder("8812", new BigDecimal("49.00"), "EUR", "first"));
        try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:5432/test?user=postgres");
             ResultSet rs = c.createStatement().executeQuery("SELECT 1")) {
            rs.next();
            System.out.println("PGJDBC " + c.getMetaData().getDriverVersion() + " " + rs.getInt(1));
        }
        for (java.sql.Driver d : Collections.list(DriverManager.getDrivers())) {
            System.out.println("DRIVER " + d.getClass().getName() + " " + d.getClass().getProtectionDomain().getCodeSource().getLocation());
        }
        System.out.println("RESULT " + tools.refundOrder("8812", new BigDecimal("49.0"), "EUR", "second"));
        for (String agentClass : new String[] {"dev.intentguard.agent.store.redis.RedisIntentStore",
                "dev.intentguard.agent.store.postgres.PostgresIntentStore"}) {
            try {
                Class.forName(agentClass);
                System.out.println("VISIBLE " + agentClass);
            } catch (ClassNotFoundException e) {
                System.out.println("HIDDEN " + agentClass);
            }
        }
    }
}
