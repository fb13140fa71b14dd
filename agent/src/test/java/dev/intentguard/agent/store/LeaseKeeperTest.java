package dev.intentguard.agent.store;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LeaseKeeperTest {
    @Test
    void heldLeasesAreRenewedTogetherEveryThirdOfTheLeaseUntilReleased() throws Exception {
        List<List<String>> renewals = new CopyOnWriteArrayList<>();
        try (LeaseKeeper keeper = new LeaseKeeper(Duration.ofMillis(300), keys -> renewals.add(List.copyOf(keys)))) {
            Thread.sleep(250);
            assertEquals(List.of(), renewals, "nothing held: no renewal");
            IntentStore.Lease a = keeper.hold("a");
            IntentStore.Lease b = keeper.hold("b");
            Thread.sleep(450);
            assertTrue(renewals.size() >= 2 && renewals.size() <= 6, "about every 100 ms: " + renewals);
            assertTrue(renewals.stream().allMatch(r -> r.size() == 2 && r.containsAll(List.of("a", "b"))),
                    "one renewal for both: " + renewals);
            a.close();
            Thread.sleep(150);                  // a renewal under way as "a" was released may still name it
            renewals.clear();
            Thread.sleep(250);
            assertTrue(!renewals.isEmpty() && renewals.stream().allMatch(r -> r.equals(List.of("b"))), renewals.toString());
            b.close();
            Thread.sleep(150);
            renewals.clear();
            Thread.sleep(250);
            assertEquals(List.of(), renewals, "released: no renewal");
        }
    }

    @Test
    void aRenewalThatFailsIsTriedAgainAtTheNextBeat() throws Exception {
        List<Long> tries = new CopyOnWriteArrayList<>();
        try (LeaseKeeper keeper = new LeaseKeeper(Duration.ofMillis(150), keys -> {
            tries.add(System.nanoTime());
            throw new StoreFailedException("the store is away", null);
        })) {
            keeper.hold("a");
            Thread.sleep(400);
            assertTrue(tries.size() >= 3, "kept trying: " + tries.size());
        }
    }
}
