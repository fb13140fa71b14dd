package dev.intentguard.agent.config;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

class StoreUrlsTest {
    @Test
    void theKindComesFromTheScheme() {
        assertEquals(StoreUrls.Kind.REDIS, StoreUrls.kind("redis://127.0.0.1:6379/0"));
        assertEquals(StoreUrls.Kind.REDIS, StoreUrls.kind("REDISS://cache:6380/1"));
        assertEquals(StoreUrls.Kind.POSTGRES, StoreUrls.kind("jdbc:postgresql://db:5432/app?user=ig"));
        assertEquals(StoreUrls.Kind.POSTGRES, StoreUrls.kind("postgresql://ig@db/app"));
        assertEquals(StoreUrls.Kind.POSTGRES, StoreUrls.kind("postgres://ig@db/app"));
        assertNull(StoreUrls.kind("jdbc:mysql://db/app"));
        assertNull(StoreUrls.kind(".intentguard/intents.dat"));
    }

    @Test
    void everyPlaceAPasswordCanBeIsMasked() {
        assertEquals("redis://user:***@cache:6379/0", StoreUrls.masked("redis://user:s3cret@cache:6379/0"));
        assertEquals("redis://:***@cache:6379/0", StoreUrls.masked("redis://:s3cret@cache:6379/0"));
        assertEquals("redis://***@cache:6379/0", StoreUrls.masked("redis://s3cret@cache:6379/0"), "Redis's user info alone is the password");
        assertEquals("postgresql://ig:***@db:5432/app", StoreUrls.masked("postgresql://ig:s3cret@db:5432/app"));
        assertEquals("postgresql://ig@db:5432/app", StoreUrls.masked("postgresql://ig@db:5432/app"), "a user alone stays");
        assertEquals("jdbc:postgresql://db:5432/app?user=ig&password=***&ssl=true",
                StoreUrls.masked("jdbc:postgresql://db:5432/app?user=ig&password=s3cret&ssl=true"));
        assertEquals("jdbc:postgresql://db/app?PASSWORD=***", StoreUrls.masked("jdbc:postgresql://db/app?PASSWORD=s3cret"));
        assertEquals("redis://cache:6379/0", StoreUrls.masked("redis://cache:6379/0"));
        for (String url : new String[] {"redis://u:s3cret@h/0", "rediss://s3cret@h", "jdbc:postgresql://h/d?password=s3cret",
                "postgresql://u:s3cret@h/d"}) {
            assertFalse(StoreUrls.masked(url).contains("s3cret"), url);
        }
    }
}
