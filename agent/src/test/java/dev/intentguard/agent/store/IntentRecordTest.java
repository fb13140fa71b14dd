package dev.intentguard.agent.store;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IntentRecordTest {
    @Test
    void aClaimNamesThisJvmsInstanceWhichSurvivesTheBytes() {
        IntentRecord claim = IntentRecord.inFlight("refund", new byte[] {1}, null, 1000);
        assertEquals(ProcessOwner.self().instance(), claim.ownerInstance());
        IntentRecord read = IntentRecord.fromBytes(claim.bytes());
        assertEquals(claim.ownerInstance(), read.ownerInstance());
        assertTrue(read.ownedBySelf());
        assertNull(read.done("{}", false, 1100).ownerInstance(), "a finished record has no owner");
        IntentRecord again = read.failed("E", 1200).retried(new byte[] {1}, null, 1300);
        assertEquals(ProcessOwner.self().instance(), again.ownerInstance(), "a retry's claim names its JVM too");
        assertTrue(IntentRecord.fromBytes(again.bytes()).ownedBySelf());
    }

    @Test
    void onASharedStoreTheLeaseDecidesWhetherTheOwnerStillRunsIt() {
        IntentRecord claim = IntentRecord.inFlight("refund", new byte[] {1}, null, 1000);
        assertTrue(claim.ownerAlive(), "this host's store: the process table (this process runs)");
        assertTrue(claim.withLease(true).ownerAlive());
        assertFalse(claim.withLease(false).ownerAlive(), "the lease ran out: taken for dead, whatever the pid says");
        assertFalse(claim.done("{}", false, 1100).withLease(true).ownerAlive(), "only an in-flight record has an owner");
        assertTrue(java.util.Arrays.equals(claim.bytes(), claim.withLease(false).bytes()), "the lease is not in the bytes");
    }

    @Test
    void aLateOwnerRecognisesOnlyTheUnknownItsOwnClaimBecame() {
        IntentRecord claim = IntentRecord.inFlight("refund", new byte[] {1}, null, 1000);
        IntentRecord unknown = claim.pendingUnknown(null, 5000);
        assertTrue(claim.sameClaimAs(unknown));
        assertTrue(claim.sameClaimAs(unknown.requiresReconciliation()));
        IntentRecord retried = claim.failed("E", 2000).retried(new byte[] {1}, null, 3000);
        assertFalse(claim.sameClaimAs(retried.pendingUnknown(null, 6000)), "another attempt's claim became that unknown");
        assertFalse(claim.sameClaimAs(IntentRecord.inFlight("refund", new byte[] {2}, null, 1000).pendingUnknown(null, 5000)),
                "another payload");
        assertFalse(claim.sameClaimAs(null));
    }
}
